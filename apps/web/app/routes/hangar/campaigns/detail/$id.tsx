import { Anchor, Badge, Group, Stack, Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { data, Link, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { CampaignSettings } from "../../../../components/campaigns/CampaignSettings.tsx";
import { saveCampaignSettings } from "../../../../components/campaigns/campaign-settings.server.ts";
import { HangarEditing } from "../../../../components/hangar/changes/HangarEditing.tsx";
import { HistoryButton } from "../../../../components/hangar/changes/HistoryButton.tsx";
import { Facts } from "../../../../components/hangar/Facts.tsx";
import { useFormat } from "../../../../components/hangar/format.ts";
import { HangarHeader, HangarRates } from "../../../../components/hangar/HangarHeader.tsx";
import { HangarTable } from "../../../../components/hangar/HangarTable.tsx";
import {
  currencyChoice,
  hangarBase,
  loadEntity,
  loadRates,
  loadScopeMetrics,
  loadTable,
  rangeInfo,
} from "../../../../components/hangar/hangar.server.ts";
import {
  hangarShouldRevalidate,
  onlyViewChanged,
  useHangarLink,
} from "../../../../components/hangar/links.ts";
import {
  type PlacementRow,
  PlacementTable,
} from "../../../../components/hangar/PlacementTable.tsx";
import { ScopePerformance } from "../../../../components/hangar/ScopePerformance.tsx";
import { TABLES } from "../../../../components/hangar/tables.ts";
import { OptimiserLogTab } from "../../../../components/optimiser/OptimiserLogTab.tsx";
import { getI18n } from "../../../../i18n/i18n.ts";
import { splitLocale } from "../../../../route-table.ts";
import type { Route } from "./+types/$id";

interface Campaign {
  id: string;
  advertisingProfile: string;
  name: string;
  state: string;
  targetingType: string;
  budget: number | null;
  budgetType: string;
  startDate: string | null;
  endDate: string | null;
  biddingStrategy: string | null;
  placementBidding?: {
    topOfSearch: number | null;
    productPage: number | null;
    restOfSearch: number | null;
  } | null;
}

const TABS = [
  "adGroups",
  "placements",
  "negativeKeywords",
  "negativeTargets",
  "optimisation",
] as const;

/** /hangar/campaigns/detail/{id}: a campaign's facts, KPIs, placements, ad groups and negatives. */
export async function loader({ request, context, params: route }: Route.LoaderArgs) {
  const base = await hangarBase(context, request);
  const { profile, hydra, params, url } = base;
  const { entity: campaign, advertisingProfile } = await loadEntity<Campaign>(
    hydra,
    `/api/campaigns/${route.id}`,
    url,
  );
  const info = rangeInfo(base, advertisingProfile.timezone);
  const currency = currencyChoice(params, profile, advertisingProfile.currency);
  const ctx = {
    range: info.range,
    currency: currency.send,
    nativeCurrency: advertisingProfile.currency,
  };
  const [metrics, placements, adGroups, negativeKeywords, negativeTargets, rates] =
    await Promise.all([
      loadScopeMetrics(hydra, { entity: "campaigns", ids: [campaign.id] }, info, currency.send),
      hydra
        .collection<PlacementRow>("/api/campaign_placements", {
          campaign: campaign.id,
          from: info.range.from,
          to: info.range.to,
          currency: currency.send,
        })
        .then((c) => ({ rows: c.members, error: false }))
        .catch((error) => {
          if (error instanceof Response) throw error;
          return { rows: [] as PlacementRow[], error: true };
        }),
      loadTable(
        hydra,
        TABLES.adGroups,
        params,
        { ...ctx, scope: { campaign: campaign.id } },
        "ag.",
      ),
      loadTable(
        hydra,
        TABLES.negativeKeywords,
        params,
        { ...ctx, scope: { campaign: campaign.id } },
        "nk.",
      ),
      loadTable(
        hydra,
        TABLES.negativeTargets,
        params,
        { ...ctx, scope: { campaign: campaign.id } },
        "nt.",
      ),
      loadRates(hydra),
    ]);
  return {
    sellerProfileId: profile.id,
    settings: profile.settings,
    campaign,
    advertisingProfile,
    info,
    currency,
    metrics,
    placements,
    adGroups,
    negativeKeywords,
    negativeTargets,
    rates,
  };
}

/** Campaign settings: the changed fields become changes, pushed to Amazon (issue 10 §6). */
export async function action({ request, context, params: route }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "settings") return data({ intent: "unknown", ok: false }, 400);
  return saveCampaignSettings(context, request, route.id, form);
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const tabOnly = (u: URL) => {
    const p = new URLSearchParams(u.searchParams);
    p.delete("tab");
    p.sort();
    return `${u.pathname}?${p}`;
  };
  // Every tab's data is loaded at once: switching tabs reads nothing.
  return hangarShouldRevalidate(
    args,
    (current, next) => onlyViewChanged(current, next) || tabOnly(current) === tabOnly(next),
  );
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${loaderData?.campaign.name ?? t("pages.campaign-detail.title")} · Starport` }];
}

export default function CampaignDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const link = useHangarLink();
  const [params, setParams] = useSearchParams();
  const {
    sellerProfileId,
    settings,
    campaign,
    advertisingProfile,
    info,
    currency,
    metrics,
    placements,
    rates,
  } = loaderData;
  const requested = params.get("tab");
  const tab = TABS.includes(requested as (typeof TABS)[number]) ? requested : "adGroups";
  const converted = currency.convert && currency.send !== null;
  const placement = campaign.placementBidding;
  return (
    <HangarRates rates={rates}>
      <HangarEditing
        sellerProfileId={sellerProfileId}
        advertisingProfileId={advertisingProfile.id}
        currency={advertisingProfile.currency}
      >
        <Stack gap="md" data-testid="page" data-page="campaign-detail">
          <HangarHeader
            title={campaign.name}
            subtitle={
              <Anchor
                component={Link}
                size="sm"
                to={link(`/hangar/campaigns/${sellerProfileId}/${advertisingProfile.countryCode}`)}
                data-testid="parent-link"
              >
                {t("hangar.marketplace.title", {
                  marketplace: t(`marketplaces.${advertisingProfile.countryCode}`, {
                    defaultValue: advertisingProfile.countryCode,
                  }),
                })}
              </Anchor>
            }
            range={info.range}
            today={info.today}
            nativeCurrency={advertisingProfile.currency}
            defaultCurrency={settings.defaultCurrency}
            converted={currency.convert}
            extra={
              <HistoryButton entity={campaign.id} entityType="campaigns" label={campaign.name} />
            }
          />
          <Group justify="flex-end" gap="sm" data-testid="campaign-settings">
            <CampaignSettings
              campaign={{
                name: campaign.name,
                state: campaign.state,
                budget: campaign.budget,
                biddingStrategy: campaign.biddingStrategy,
                placementTopOfSearch: placement?.topOfSearch ?? null,
                placementProductPage: placement?.productPage ?? null,
                placementRestOfSearch: placement?.restOfSearch ?? null,
                startDate: campaign.startDate,
                endDate: campaign.endDate,
              }}
              currency={advertisingProfile.currency}
            />
          </Group>
          <Facts
            items={[
              {
                label: t("hangar.column.state"),
                value: (
                  <Badge variant="light" size="sm">
                    {t(`hangar.state.${campaign.state}`)}
                  </Badge>
                ),
              },
              {
                label: t("hangar.column.targetingType"),
                value: t(`hangar.enum.${campaign.targetingType}`, {
                  defaultValue: campaign.targetingType,
                }),
              },
              {
                label: t("hangar.column.budget"),
                value: `${format.money(campaign.budget, advertisingProfile.currency)} / ${t(`hangar.enum.${campaign.budgetType}`, { defaultValue: campaign.budgetType })}`,
              },
              {
                label: t("hangar.column.biddingStrategy"),
                value: campaign.biddingStrategy
                  ? t(`hangar.enum.${campaign.biddingStrategy}`, {
                      defaultValue: campaign.biddingStrategy,
                    })
                  : "–",
              },
              {
                label: t("hangar.facts.startDate"),
                value: campaign.startDate ? format.day(campaign.startDate) : "–",
              },
              {
                label: t("hangar.facts.endDate"),
                value: campaign.endDate ? format.day(campaign.endDate) : t("hangar.facts.noEnd"),
              },
              {
                label: t("hangar.facts.marketplace"),
                value: t(`marketplaces.${advertisingProfile.countryCode}`, {
                  defaultValue: advertisingProfile.countryCode,
                }),
              },
            ]}
          />
          <ScopePerformance
            defaultMetric={settings.defaultAdvertisingMetric}
            metrics={metrics}
            info={info}
            currency={currency.shown}
            converted={converted}
          />
          <Tabs
            value={tab}
            keepMounted={false}
            onChange={(value) => {
              if (!value) return;
              const next = new URLSearchParams(params);
              next.set("tab", value);
              setParams(next, { replace: true, preventScrollReset: true });
            }}
          >
            <Tabs.List>
              <Tabs.Tab value="adGroups" data-testid="tab-adGroups">
                {t("hangar.tabs.adGroups")} ({format.number(loaderData.adGroups.totalItems)})
              </Tabs.Tab>
              <Tabs.Tab value="placements" data-testid="tab-placements">
                {t("hangar.tabs.placements")}
              </Tabs.Tab>
              <Tabs.Tab value="negativeKeywords" data-testid="tab-negativeKeywords">
                {t("hangar.tabs.negativeKeywords")} (
                {format.number(loaderData.negativeKeywords.totalItems)})
              </Tabs.Tab>
              <Tabs.Tab value="negativeTargets" data-testid="tab-negativeTargets">
                {t("hangar.tabs.negativeTargets")} (
                {format.number(loaderData.negativeTargets.totalItems)})
              </Tabs.Tab>
              <Tabs.Tab value="optimisation" data-testid="tab-optimisation">
                {t("optimiserLog.tab")}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="optimisation" pt="sm">
              <OptimiserLogTab campaign={campaign.id} />
            </Tabs.Panel>
            <Tabs.Panel value="adGroups" pt="sm">
              <HangarTable
                def={TABLES.adGroups}
                result={loaderData.adGroups}
                currency={currency.shown}
                converted={converted}
                rowHref={(row) => (row.id ? link(`/hangar/campaigns/adgroup/${row.id}`) : null)}
                compare
                exportName={`ad-groups-${campaign.id}`}
              />
            </Tabs.Panel>
            <Tabs.Panel value="placements" pt="sm">
              <PlacementTable
                rows={placements.rows}
                error={placements.error}
                currency={currency.shown}
                converted={converted}
                adjustments={{
                  TOP_OF_SEARCH: placement?.topOfSearch ?? null,
                  REST_OF_SEARCH: placement?.restOfSearch ?? null,
                  PRODUCT_PAGES: placement?.productPage ?? null,
                }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="negativeKeywords" pt="sm">
              <HangarTable
                def={TABLES.negativeKeywords}
                result={loaderData.negativeKeywords}
                currency={currency.shown}
                converted={converted}
                exportName={`negative-keywords-${campaign.id}`}
              />
            </Tabs.Panel>
            <Tabs.Panel value="negativeTargets" pt="sm">
              <HangarTable
                def={TABLES.negativeTargets}
                result={loaderData.negativeTargets}
                currency={currency.shown}
                converted={converted}
                exportName={`negative-targets-${campaign.id}`}
              />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </HangarEditing>
    </HangarRates>
  );
}
