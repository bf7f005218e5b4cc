import { Anchor, Badge, Button, Skeleton, Stack, Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
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
import { hangarShouldRevalidate, useHangarLink } from "../../../../components/hangar/links.ts";
import { ScopePerformance } from "../../../../components/hangar/ScopePerformance.tsx";
import { TABLES, type TableKey } from "../../../../components/hangar/tables.ts";
import { OptimiserLogTab } from "../../../../components/optimiser/OptimiserLogTab.tsx";
import { getI18n } from "../../../../i18n/i18n.ts";
import { useLocalizedPath } from "../../../../lib/use-locale.ts";
import { splitLocale } from "../../../../route-table.ts";
import type { Route } from "./+types/$id";

interface AdGroup {
  id: string;
  advertisingProfile: string;
  campaign: string | null;
  name: string;
  state: string;
  defaultBid: number | null;
}

const TABS = [
  "keywords",
  "targets",
  "negativeKeywords",
  "negativeTargets",
  "productAds",
  "searchTerms",
] as const satisfies readonly TableKey[];
type Tab = (typeof TABS)[number];
const OPTIMISATION_TAB = "optimisation";

function tabOf(params: URLSearchParams): Tab {
  const requested = params.get("tab");
  return TABS.includes(requested as Tab) ? (requested as Tab) : "keywords";
}

/**
 * /hangar/campaigns/adgroup/{id}: the ad group's KPIs and, per tab, its keywords, product
 * targets, negatives, product ads and search terms. Only the open tab's table is read.
 */
export async function loader({ request, context, params: route }: Route.LoaderArgs) {
  const base = await hangarBase(context, request);
  const { profile, hydra, params, url } = base;
  const { entity: adGroup, advertisingProfile } = await loadEntity<AdGroup>(
    hydra,
    `/api/ad_groups/${route.id}`,
    url,
  );
  const info = rangeInfo(base, advertisingProfile.timezone);
  const currency = currencyChoice(params, profile, advertisingProfile.currency);
  const tab = tabOf(params);
  const [campaign, metrics, table, rates] = await Promise.all([
    adGroup.campaign
      ? hydra.item<{ id: string; name: string }>(adGroup.campaign).catch(() => null)
      : Promise.resolve(null),
    loadScopeMetrics(hydra, { entity: "ad_groups", ids: [adGroup.id] }, info, currency.send),
    loadTable(hydra, TABLES[tab], params, {
      range: info.range,
      currency: currency.send,
      scope: { adGroup: adGroup.id },
      nativeCurrency: advertisingProfile.currency,
    }),
    loadRates(hydra),
  ]);
  return {
    sellerProfileId: profile.id,
    settings: profile.settings,
    adGroup,
    campaign,
    advertisingProfile,
    info,
    currency,
    metrics,
    tab,
    table,
    rates,
  };
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return hangarShouldRevalidate(args);
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${loaderData?.adGroup.name ?? t("pages.ad-group-detail.title")} · Starport` }];
}

export default function AdGroupDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const link = useHangarLink();
  const localize = useLocalizedPath();
  const [params, setParams] = useSearchParams();
  const {
    sellerProfileId,
    settings,
    adGroup,
    campaign,
    advertisingProfile,
    info,
    currency,
    metrics,
    tab,
    table,
    rates,
  } = loaderData;
  const converted = currency.convert && currency.send !== null;
  const shownTab = tabOf(params);
  // The bid optimisation log's tab reads its own rows (the log route), not a Hangar table.
  const optimisationTab = params.get("tab") === OPTIMISATION_TAB;
  return (
    <HangarRates rates={rates}>
      <HangarEditing
        sellerProfileId={sellerProfileId}
        advertisingProfileId={advertisingProfile.id}
        currency={advertisingProfile.currency}
      >
        <Stack gap="md" data-testid="page" data-page="ad-group-detail">
          <HangarHeader
            title={adGroup.name}
            subtitle={
              campaign ? (
                <Anchor
                  component={Link}
                  size="sm"
                  to={link(`/hangar/campaigns/detail/${campaign.id}`)}
                  data-testid="parent-link"
                >
                  {t("hangar.adGroup.inCampaign", { campaign: campaign.name })}
                </Anchor>
              ) : null
            }
            range={info.range}
            today={info.today}
            nativeCurrency={advertisingProfile.currency}
            defaultCurrency={settings.defaultCurrency}
            converted={currency.convert}
            extra={
              <>
                <Button
                  component={Link}
                  to={localize(
                    `/action-center/keyword-recommendations/${advertisingProfile.countryCode}/${adGroup.id}`,
                  )}
                  size="xs"
                  variant="default"
                  data-testid="keyword-recommendations-link"
                >
                  {t("hangar.adGroup.keywordRecommendations")}
                </Button>
                <HistoryButton entity={adGroup.id} entityType="ad_groups" label={adGroup.name} />
              </>
            }
          />
          <Facts
            items={[
              {
                label: t("hangar.column.state"),
                value: (
                  <Badge variant="light" size="sm">
                    {t(`hangar.state.${adGroup.state}`)}
                  </Badge>
                ),
              },
              {
                label: t("hangar.column.defaultBid"),
                value: format.money(adGroup.defaultBid, advertisingProfile.currency),
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
            chartHeight={180}
          />
          <Tabs
            value={optimisationTab ? OPTIMISATION_TAB : shownTab}
            keepMounted={false}
            onChange={(value) => {
              if (!value) return;
              // Each tab is its own table: its sort, filters and page start fresh.
              const next = new URLSearchParams();
              for (const key of ["range", "from", "to", "currency"]) {
                const v = params.get(key);
                if (v) next.set(key, v);
              }
              next.set("tab", value);
              setParams(next, { preventScrollReset: true });
            }}
          >
            <Tabs.List>
              {TABS.map((key) => (
                <Tabs.Tab key={key} value={key} data-testid={`tab-${key}`}>
                  {t(`hangar.tabs.${key}`)}
                  {key === tab ? ` (${format.number(table.totalItems)})` : ""}
                </Tabs.Tab>
              ))}
              <Tabs.Tab value={OPTIMISATION_TAB} data-testid={`tab-${OPTIMISATION_TAB}`}>
                {t("optimiserLog.tab")}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value={OPTIMISATION_TAB} pt="sm">
              {campaign ? <OptimiserLogTab campaign={campaign.id} adGroup={adGroup.id} /> : null}
            </Tabs.Panel>
            <Tabs.Panel value={shownTab} pt="sm">
              {optimisationTab ? null : shownTab === tab ? (
                <HangarTable
                  key={tab}
                  def={TABLES[tab]}
                  result={table}
                  currency={currency.shown}
                  converted={converted}
                  exportName={`${tab}-${adGroup.id}`}
                />
              ) : (
                // The tab follows the click at once; its rows arrive with the loader.
                <Stack gap={6} data-testid="table-loading">
                  {[0, 1, 2, 3, 4, 5].map((row) => (
                    <Skeleton key={row} height={28} radius="sm" />
                  ))}
                </Stack>
              )}
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </HangarEditing>
    </HangarRates>
  );
}
