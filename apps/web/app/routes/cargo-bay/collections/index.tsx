import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, redirect, useSearchParams } from "react-router";
import { SellerCentralNotice } from "../../../components/amazon/SellerCentralNotice.tsx";
import { loadSellerCentralAccess } from "../../../components/amazon/seller-central.server.ts";
import type { CollectionSummary } from "../../../components/collections/types.ts";
import { ExportMenu } from "../../../components/ExportMenu.tsx";
import { DateRangeControl } from "../../../components/hangar/DateRangeControl.tsx";
import { todayIn } from "../../../components/hangar/date-range.ts";
import { GoalCell } from "../../../components/settings/advertising/GoalVsActual.tsx";
import { getI18n } from "../../../i18n/i18n.ts";
import { amazonToday } from "../../../lib/amazon-today.server.ts";
import { numberFormat, percentFormat } from "../../../lib/intl-format.ts";
import { intlLocale } from "../../../lib/intl-locale.ts";
import { useLocale, useLocalizedPath } from "../../../lib/use-locale.ts";
import { localizePath, splitLocale } from "../../../route-table.ts";
import { serverApi, sessionContext } from "../../../session/server-session.ts";
import type { Route } from "./+types/index";
import { collectionsRange } from "./range.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = context.get(sessionContext).profile;
  const url = new URL(request.url);
  if (!profile)
    throw redirect(localizePath("/profile-selection", splitLocale(url.pathname).locale));
  const today = (await amazonToday(context)) ?? todayIn("UTC");
  const range = collectionsRange(url.searchParams, today);
  const query = new URLSearchParams({ sellerProfile: profile.id, from: range.from, to: range.to });
  const api = serverApi(context, request);
  const [body, sellerCentral] = await Promise.all([
    api.json<{
      currency: string;
      unconvertedCurrencies: string[];
      collections: CollectionSummary[];
    }>(`/api/catalogue/collections?${query}`),
    loadSellerCentralAccess(api, profile.id),
  ]);
  return { ...body, range, today, sellerCentral };
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.collections.title")} · Starport` }];
}

/** Cargo Bay: every collection with its evaluated product count and ad KPIs over the URL's range. */
export default function CollectionsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { collections, currency, unconvertedCurrencies, range, today, sellerCentral } = loaderData;
  const [params] = useSearchParams();
  const tag = intlLocale(locale);
  const money = numberFormat(tag, { style: "currency", currency });
  const count = numberFormat(tag);
  const percent = percentFormat(tag);
  const exportHref = (format: "csv" | "xlsx") => {
    const query = new URLSearchParams(params);
    query.set("format", format);
    query.set("locale", locale);
    return `${to("/cargo-bay/collections/export")}?${query}`;
  };
  return (
    <Stack gap="md" data-testid="page" data-page="collections">
      <Group justify="space-between">
        <div>
          <Title order={1}>{t("pages.collections.title")}</Title>
          <Text c="dimmed">{t("pages.collections.description")}</Text>
        </div>
        <Group gap="xs">
          <ExportMenu hrefOf={exportHref} disabled={collections.length === 0} />
          <Button
            component={Link}
            to={to("/cargo-bay/collections/new")}
            leftSection={<IconPlus size={16} />}
          >
            {t("cargoBay.new")}
          </Button>
        </Group>
      </Group>
      <SellerCentralNotice access={sellerCentral} />
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed">
          {t("cargoBay.kpiNote", { currency })}
        </Text>
        <DateRangeControl range={range} today={today} />
      </Group>
      {unconvertedCurrencies.length > 0 ? (
        <Alert color="orange" data-testid="collections-unconverted">
          {t("cargoBay.unconverted", { currencies: unconvertedCurrencies.join(", ") })}
        </Alert>
      ) : null}
      {collections.length === 0 ? (
        <Card withBorder padding="xl">
          <Text c="dimmed" data-testid="collections-empty">
            {t("cargoBay.empty")}
          </Text>
        </Card>
      ) : (
        <Table striped highlightOnHover withTableBorder data-testid="collections-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("cargoBay.columns.name")}</Table.Th>
              <Table.Th>{t("cargoBay.columns.membership")}</Table.Th>
              <Table.Th ta="right">{t("cargoBay.columns.priority")}</Table.Th>
              <Table.Th ta="right">{t("cargoBay.columns.products")}</Table.Th>
              <Table.Th ta="right">{t("cargoBay.columns.spend")}</Table.Th>
              <Table.Th ta="right">{t("cargoBay.columns.sales")}</Table.Th>
              <Table.Th ta="right">{t("cargoBay.columns.acos")}</Table.Th>
              <Table.Th ta="right">{t("cargoBay.columns.totalSales")}</Table.Th>
              <Table.Th ta="right">{t("cargoBay.columns.tacos")}</Table.Th>
              <Table.Th ta="right">{t("cargoBay.columns.targetAcos")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {collections.map((c) => (
              <Table.Tr key={c.id} data-testid="collection-row" data-id={c.id}>
                <Table.Td>
                  <Group gap="xs">
                    <span
                      style={{ width: 10, height: 10, borderRadius: 5, background: c.colour }}
                    />
                    <Anchor component={Link} to={to(`/cargo-bay/collections/${c.id}`)}>
                      {c.name}
                    </Anchor>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={c.membership === "rules" ? "indigo" : "gray"}>
                    {t(`cargoBay.membership.${c.membership}`)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{c.priority}</Table.Td>
                <Table.Td ta="right" data-testid="collection-count">
                  {count.format(c.productCount)}
                </Table.Td>
                <Table.Td ta="right">{money.format(c.spend)}</Table.Td>
                <Table.Td ta="right">{money.format(c.sales)}</Table.Td>
                <Table.Td ta="right">{c.acos === null ? "–" : percent.format(c.acos)}</Table.Td>
                <Table.Td ta="right" data-testid="collection-total-sales">
                  {c.totalSales === null ? "–" : money.format(c.totalSales)}
                </Table.Td>
                <Table.Td
                  ta="right"
                  data-testid="collection-tacos"
                  title={
                    c.organicShare === null
                      ? t("cargoBay.tacosUnknown")
                      : t("cargoBay.organicShare", { share: percent.format(c.organicShare) })
                  }
                >
                  {c.tacos === null ? "–" : percent.format(c.tacos)}
                </Table.Td>
                <Table.Td
                  ta="right"
                  data-testid="collection-goal"
                  title={t(`cargoBay.goalSource.${c.goal.source}`)}
                >
                  {c.goal.targetAcos === null ? (
                    t("cargoBay.goalRelative")
                  ) : (
                    <GoalCell
                      targetAcos={c.goal.targetAcos}
                      status={c.goal.status}
                      percent={(value) => percent.format(value)}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
