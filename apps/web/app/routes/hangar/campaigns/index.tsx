import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { SettingsLayerValues } from "@starport/settings";
import { IconArrowRight, IconHistory } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { rangeParams } from "../../../components/hangar/date-range.ts";
import { HangarHeader, HangarRates } from "../../../components/hangar/HangarHeader.tsx";
import {
  currencyChoice,
  hangarBase,
  loadAdvertisingProfiles,
  loadDaily,
  loadRates,
  loadTotals,
  rangeInfo,
} from "../../../components/hangar/hangar.server.ts";
import { KpiGrid } from "../../../components/hangar/KpiGrid.tsx";
import { defaultMetricOf } from "../../../components/hangar/metrics.ts";
import { GoalTracking } from "../../../components/settings/advertising/GoalVsActual.tsx";
import { marketplaceGoal } from "../../../components/settings/advertising/marketplace-goal.ts";
import { getI18n } from "../../../i18n/i18n.ts";
import { useLocalizedPath } from "../../../lib/use-locale.ts";
import { splitLocale } from "../../../route-table.ts";
import type { Route } from "./+types/index";

/** /hangar/campaigns: one card per advertising profile (seller profile × marketplace). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = await hangarBase(context, request);
  const { profile, hydra, params } = base;
  const profiles = await loadAdvertisingProfiles(hydra, profile);
  const info = rangeInfo(base, profiles[0]?.timezone);
  const converted = params.get("currency") === "default";
  // Goal tracking per card: the settings of the seller profile and its marketplaces, and the
  // marketplaces' total sales (TACoS), each read once for every card.
  const globalValues = hydra
    .collection<{ values: SettingsLayerValues }>("/api/seller_profile_settings", {
      sellerProfile: profile.id,
    })
    .then((c) => c.members[0]?.values ?? {})
    .catch(() => ({}));
  const marketplaceValues = hydra
    .collection<{ marketplace: string; values: SettingsLayerValues }>("/api/marketplace_settings", {
      sellerProfile: profile.id,
      itemsPerPage: 100,
    })
    .then((c) => new Map(c.members.map((m) => [m.marketplace, m.values])))
    .catch(() => new Map<string, SettingsLayerValues>());
  const sales = profiles.length
    ? hydra
        .collection<{ marketplace: string; tacos: number | null }>("/api/marketplace_sales", {
          sellerProfile: profile.id,
          ...info.range,
        })
        .then((c) => new Map(c.members.map((m) => [m.marketplace, m.tacos])))
        .catch(() => new Map<string, number | null>())
    : new Map<string, number | null>();
  const [cards, rates, global, markets, tacos] = await Promise.all([
    Promise.all(
      profiles.map(async (ap) => {
        const currency = currencyChoice(params, profile, ap.currency);
        const scope = { entity: "campaigns", profile: ap.id, currency: currency.send };
        const [current, previous, daily] = await Promise.all([
          loadTotals(hydra, { ...scope, ...info.range }),
          loadTotals(hydra, { ...scope, ...info.previous }),
          loadDaily(hydra, { ...scope, ...info.range }),
        ]);
        return { profile: ap, currency: currency.shown, current, previous, daily };
      }),
    ),
    loadRates(hydra),
    globalValues,
    marketplaceValues,
    sales,
  ]);
  const withGoals = cards.map((card) => {
    const code = card.profile.countryCode;
    const goal = marketplaceGoal(profile.id, global, code, markets.get(code) ?? {});
    const actual =
      goal.metric === "tacos" ? (tacos.get(code) ?? null) : (card.current?.acos ?? null);
    return { ...card, goal, actual };
  });
  return {
    sellerProfile: { id: profile.id, settings: profile.settings },
    info,
    converted,
    cards: withGoals,
    rates,
  };
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.campaigns.title")} · Starport` }];
}

export default function CampaignsOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const { sellerProfile, info, cards, converted, rates } = loaderData;
  const first = defaultMetricOf(sellerProfile.settings.defaultAdvertisingMetric);
  const keep = new URLSearchParams({
    ...rangeParams(info.range),
    ...(converted ? { currency: "default" } : {}),
  }).toString();
  return (
    <HangarRates rates={rates}>
      <Stack gap="md" data-testid="page" data-page="campaigns">
        <HangarHeader
          title={t("pages.campaigns.title")}
          subtitle={t("hangar.overview.subtitle")}
          range={info.range}
          today={info.today}
          nativeCurrency={
            new Set(cards.map((c) => c.profile.currency)).size === 1
              ? (cards[0]?.profile.currency ?? null)
              : null
          }
          defaultCurrency={sellerProfile.settings.defaultCurrency}
          converted={converted}
        />
        <Group justify="flex-end">
          <Button
            component={Link}
            to={localize("/hangar/history")}
            variant="default"
            size="xs"
            leftSection={<IconHistory size={14} />}
            data-testid="open-change-history"
          >
            {t("changeHistory.open")}
          </Button>
        </Group>
        {cards.length === 0 ? (
          <Paper withBorder p="lg">
            <EmptyState />
            <Text ta="center" c="dimmed" size="sm">
              {t("hangar.overview.noProfiles")}
            </Text>
          </Paper>
        ) : null}
        <SimpleGrid cols={{ base: 1, xl: cards.length > 1 ? 2 : 1 }} spacing="md">
          {cards.map((card) => {
            const href = `${localize(`/hangar/campaigns/${sellerProfile.id}/${card.profile.countryCode}`)}?${keep}`;
            return (
              <Paper
                key={card.profile.id}
                withBorder
                radius="md"
                p="md"
                data-testid="profile-card"
                data-marketplace={card.profile.countryCode}
              >
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Group gap="xs">
                      <Title order={2} size="h4">
                        <Anchor component={Link} to={href} data-testid="profile-card-link" inherit>
                          {t(`marketplaces.${card.profile.countryCode}`, {
                            defaultValue: card.profile.countryCode,
                          })}
                        </Anchor>
                      </Title>
                      <Badge variant="light">{card.profile.countryCode}</Badge>
                      <Badge variant="outline" color="gray">
                        {card.currency}
                      </Badge>
                    </Group>
                    <Anchor component={Link} to={href} size="sm">
                      <Group gap={4}>
                        {t("hangar.overview.openCampaigns")}
                        <IconArrowRight size={14} />
                      </Group>
                    </Anchor>
                  </Group>
                  {card.goal.target !== null ? (
                    <GoalTracking
                      target={card.goal.target}
                      actualAcos={card.actual}
                      metric={card.goal.metric}
                    />
                  ) : null}
                  <KpiGrid
                    first={first}
                    current={card.current}
                    previous={card.previous}
                    daily={card.daily}
                    currency={card.currency}
                    converted={converted && card.currency !== card.profile.currency}
                    cols={{ base: 2, sm: 3, md: 5, xl: 3 }}
                  />
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      </Stack>
    </HangarRates>
  );
}
