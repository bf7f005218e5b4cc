import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowRight, IconPlugConnected } from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import { TopActions } from "../components/action-center/TopActions.tsx";
import { SellerCentralNotice } from "../components/amazon/SellerCentralNotice.tsx";
import { SyncProgress } from "../components/amazon/SyncProgress.tsx";
import { lacksSellerCentral } from "../components/amazon/seller-central.ts";
import { DailyChart } from "../components/hangar/DailyChart.tsx";
import { useFormat } from "../components/hangar/format.ts";
import { HangarHeader, HangarRates } from "../components/hangar/HangarHeader.tsx";
import { KpiGrid } from "../components/hangar/KpiGrid.tsx";
import { useHangarLink } from "../components/hangar/links.ts";
import { MetricCell } from "../components/hangar/MetricCell.tsx";
import { defaultMetricOf, type MetricName } from "../components/hangar/metrics.ts";
import { getI18n } from "../i18n/i18n.ts";
import { dateTimeFormat } from "../lib/intl-format.ts";
import { intlLocale } from "../lib/intl-locale.ts";
import { useLocalizedPath } from "../lib/use-locale.ts";
import { splitLocale } from "../route-table.ts";
import type { Route } from "./+types/index";
import { type CampaignRank, loadOverview } from "./overview.server.ts";

export function loader(args: Route.LoaderArgs) {
  return loadOverview(args);
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.home.title")} · Starport` }];
}

function RankTable({
  title,
  rows,
  metric,
  currency,
  testId,
}: {
  title: string;
  rows: readonly CampaignRank[];
  metric: MetricName;
  currency: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const link = useHangarLink();
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Text fw={600} size="sm" mb="xs">
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("home.noRanking")}
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={4} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("hangar.column.campaign")}</Table.Th>
              <Table.Th ta="right">{t(`hangar.metric.${metric}`)}</Table.Th>
              <Table.Th ta="right">{t("hangar.metric.cost")}</Table.Th>
              <Table.Th ta="right">{t("hangar.metric.sales")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={link(`/hangar/campaigns/detail/${row.id}`)}
                    size="sm"
                    lineClamp={1}
                  >
                    {row.name}
                  </Anchor>
                  <Text span size="xs" c="dimmed">
                    {" "}
                    {row.countryCode}
                  </Text>
                </Table.Td>
                {([metric, "cost", "sales"] as MetricName[]).map((m) => (
                  <Table.Td key={m} ta="right">
                    <MetricCell
                      metric={m}
                      value={row.metrics[m]}
                      currency={row.metrics.currency ?? currency}
                      converted
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const localize = useLocalizedPath();
  const link = useHangarLink();
  const { revalidate } = useRevalidator();
  const {
    settings,
    sellerProfileId,
    marketplaces,
    info,
    currency,
    metric,
    metrics,
    top,
    bottom,
    run,
    rates,
    sellerCentral,
    actions,
  } = loaderData;
  // The data sync ended, but only the advertising data could come: say what is missing.
  const adsOnly = run?.status === "succeeded" && lacksSellerCentral(sellerCentral);
  const syncing =
    run?.status === "queued" || run?.status === "running" || run?.status === "retrying";
  // While the (first) sync runs, the figures fill in as it goes.
  useEffect(() => {
    if (!syncing) return;
    const timer = setInterval(() => void revalidate(), 5000);
    return () => clearInterval(timer);
  }, [syncing, revalidate]);

  return (
    <HangarRates rates={rates}>
      <Stack gap="md" data-testid="page" data-page="home">
        <HangarHeader
          title={t("pages.home.title")}
          subtitle={t("home.subtitle", { currency })}
          range={info.range}
          today={info.today}
          nativeCurrency={currency}
          defaultCurrency={currency}
          converted={false}
        />
        <Paper withBorder radius="md" p="sm" data-testid="sync-state">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4} style={{ flex: 1 }}>
              <Text fw={600} size="sm">
                {t("home.sync.title")}
              </Text>
              {run ? (
                syncing ? (
                  <SyncProgress initial={run} />
                ) : (
                  <Text
                    size="sm"
                    c={run.status === "failed" ? "red" : adsOnly ? "orange" : "dimmed"}
                    data-testid="sync-status"
                    data-status={run.status}
                    data-ads-only={adsOnly ? "true" : undefined}
                  >
                    {adsOnly ? t("home.sync.adsOnly") : t(`sync.status.${run.status}`)}
                    {run.finishedAt
                      ? ` · ${t(adsOnly ? "home.sync.at" : "home.sync.finishedAt", { date: dateTimeFormat(intlLocale(format.locale), { dateStyle: "medium", timeStyle: "short" }).format(new Date(run.finishedAt)) })}`
                      : ""}
                    {` · ${t("sync.rows", { formatted: format.number(run.rowsWritten) })}`}
                  </Text>
                )
              ) : (
                <Text size="sm" c="dimmed">
                  {t("sync.never")}
                </Text>
              )}
            </Stack>
            {marketplaces.length === 0 ? (
              <Button
                component={Link}
                to={`${localize("/settings")}?tab=amazon`}
                size="xs"
                leftSection={<IconPlugConnected size={14} />}
              >
                {t("home.connect")}
              </Button>
            ) : null}
          </Group>
        </Paper>
        {adsOnly ? <SellerCentralNotice access={sellerCentral} /> : null}
        {marketplaces.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="home-no-profiles">
            {t("home.noProfiles")}
          </Text>
        ) : (
          <>
            <KpiGrid
              first={defaultMetricOf(settings.defaultAdvertisingMetric)}
              current={metrics.current}
              previous={metrics.previous}
              daily={metrics.daily}
              currency={currency}
              converted
            />
            <DailyChart
              daily={metrics.daily}
              range={info.range}
              currency={currency}
              restatedFrom={info.restatedFrom}
            />
            <TopActions
              actions={actions.top}
              open={actions.open}
              impactByCurrency={actions.impactByCurrency}
            />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <RankTable
                title={t("home.top", { metric: t(`hangar.metric.${metric}`) })}
                rows={top}
                metric={metric}
                currency={currency}
                testId="top-campaigns"
              />
              <RankTable
                title={t("home.bottom", { metric: t(`hangar.metric.${metric}`) })}
                rows={bottom}
                metric={metric}
                currency={currency}
                testId="bottom-campaigns"
              />
            </SimpleGrid>
          </>
        )}
        <Paper withBorder radius="md" p="sm" data-testid="shortcuts">
          <Title order={2} size="h5" mb="xs">
            {t("home.shortcuts")}
          </Title>
          <Group gap="xs">
            <Button
              component={Link}
              to={link("/hangar/campaigns")}
              variant="light"
              size="xs"
              rightSection={<IconArrowRight size={14} />}
            >
              {t("home.openHangar")}
            </Button>
            {marketplaces.map((m) => (
              <Button
                key={m.id}
                component={Link}
                to={link(`/hangar/campaigns/${sellerProfileId}/${m.countryCode}`)}
                variant="default"
                size="xs"
              >
                {t("home.campaignsIn", {
                  marketplace: t(`marketplaces.${m.countryCode}`, { defaultValue: m.countryCode }),
                })}
              </Button>
            ))}
          </Group>
        </Paper>
      </Stack>
    </HangarRates>
  );
}
