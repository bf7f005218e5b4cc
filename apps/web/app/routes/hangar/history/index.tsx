/**
 * /hangar/history: every change of the seller profile — the seller's own, undos, the optimiser's,
 * rules' and strategies' — newest first, with filters (kind of entry, field, author, status, date
 * range) kept in the URL and the same list as a file. Reads the changes resource; writes nothing.
 */
import { Badge, Group, Paper, Select, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { DateField } from "../../../components/DateField.tsx";
import { ExportMenu } from "../../../components/ExportMenu.tsx";
import { useChangeFormat } from "../../../components/hangar/changes/format.ts";
import { FilterBar } from "../../../components/list/FilterBar.tsx";
import { ListPager } from "../../../components/list/ListPager.tsx";
import { getI18n } from "../../../i18n/i18n.ts";
import { useLocale, useLocalizedPath } from "../../../lib/use-locale.ts";
import { useUrlFilters } from "../../../lib/use-url-filters.ts";
import { localizePath, splitLocale } from "../../../route-table.ts";
import { serverApi, sessionContext } from "../../../session/server-session.ts";
import type { Route } from "./+types/index";
import { type HistoryChange, loadChangeHistory } from "./history.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = context.get(sessionContext).profile;
  const url = new URL(request.url);
  if (!profile)
    throw redirect(localizePath("/profile-selection", splitLocale(url.pathname).locale));
  const { locale } = splitLocale(url.pathname);
  return loadChangeHistory(serverApi(context, request), url.searchParams, profile.id, locale);
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.change-history.title")} · Starport` }];
}

const ENTITY_TYPES = [
  "campaigns",
  "ad_groups",
  "keywords",
  "targets",
  "negative_keywords",
  "negative_targets",
  "product_ads",
] as const;
const FIELDS = [
  "bid",
  "budget",
  "state",
  "biddingStrategy",
  "placementTopOfSearch",
  "placementRestOfSearch",
  "placementProductPage",
  "name",
  "startDate",
  "endDate",
] as const;
const AUTHORS = ["user", "undo", "optimiser", "rule", "strategy"] as const;
const STATUSES = ["pending", "applying", "applied", "failed", "superseded"] as const;
const FILTERS = ["entityType", "field", "authorKind", "author", "status", "from", "to"] as const;

/** One change as a row, its values in its marketplace's currency. */
function HistoryRow({ change, currency }: { change: HistoryChange; currency: string }) {
  const { t } = useTranslation();
  const format = useChangeFormat(currency);
  const error = format.error(change);
  return (
    <Table.Tr data-testid="history-row" data-status={change.status}>
      <Table.Td style={{ whiteSpace: "nowrap" }}>{format.when(change.createdAt)}</Table.Td>
      <Table.Td>
        <Text size="sm">{change.entityLabel ?? "–"}</Text>
        <Text size="xs" c="dimmed">
          {t(`changeHistory.entityType.${change.entityType}`)}
        </Text>
      </Table.Td>
      <Table.Td>{format.what(change)}</Table.Td>
      <Table.Td>{format.value(change.field, change.oldValue)}</Table.Td>
      <Table.Td>{format.value(change.field, change.newValue)}</Table.Td>
      <Table.Td data-testid="history-author">
        {change.actorName
          ? t("changes.author.impersonated", {
              admin: change.actorName,
              user: change.authorName ?? t("changes.author.user"),
            })
          : (change.authorName ?? t(`changes.author.${change.authorKind}`))}
        {change.authorName && change.authorKind !== "user" ? (
          <Text size="xs" c="dimmed">
            {t(`changes.author.${change.authorKind}`)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td maw={360}>
        <Text size="xs" data-testid="history-reason">
          {change.reasonSentence ?? format.reason(change)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge
          size="sm"
          variant="light"
          color={change.status === "failed" ? "red" : "gray"}
          miw="max-content"
        >
          {t(`changes.status.${change.status}`)}
        </Badge>
        {error ? (
          <Text size="xs" c="red" data-testid="history-error">
            {error}
          </Text>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

export default function ChangeHistoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const { params, update: updateUrl, reset } = useUrlFilters();
  const { changes, total, page, pageSize, currencies, defaultCurrency, people } = loaderData;
  const filtered = FILTERS.some((name) => params.get(name));

  const update = (name: (typeof FILTERS)[number], value: string | null) =>
    updateUrl({ [name]: value });
  const choice = (name: (typeof FILTERS)[number], values: readonly string[], key: string) => (
    <Select
      label={t(`changeHistory.filter.${name}`)}
      placeholder={t("changeHistory.filter.all")}
      data={values.map((value) => ({ value, label: t(`${key}.${value}`) }))}
      value={params.get(name)}
      onChange={(value) => update(name, value)}
      clearable
      size="xs"
      w={190}
      data-testid={`history-filter-${name}`}
    />
  );
  const exportHref = (format: "csv" | "xlsx") => {
    const query = new URLSearchParams(params);
    query.delete("page");
    query.set("format", format);
    query.set("locale", locale);
    return `${localize("/hangar/history/export")}?${query}`;
  };

  return (
    <Stack gap="md" data-testid="page" data-page="change-history">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t("pages.change-history.title")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("pages.change-history.description")}
          </Text>
        </Stack>
        <ExportMenu hrefOf={exportHref} disabled={total === 0} />
      </Group>
      <FilterBar
        testId="history"
        choices={
          <>
            {choice("entityType", ENTITY_TYPES, "changeHistory.entityType")}
            {choice("field", FIELDS, "changes.field")}
            {choice("authorKind", AUTHORS, "changes.author")}
            <Select
              label={t("changeHistory.filter.author")}
              placeholder={t("changeHistory.filter.all")}
              data={people.map((person) => ({ value: person.id, label: person.name }))}
              value={params.get("author")}
              onChange={(value) => update("author", value)}
              clearable
              searchable
              size="xs"
              w={190}
              data-testid="history-filter-author"
            />
            {choice("status", STATUSES, "changes.status")}
            <DateField
              label={t("changeHistory.filter.from")}
              value={params.get("from") ?? ""}
              onChange={(value) => update("from", value || null)}
              size="xs"
            />
            <DateField
              label={t("changeHistory.filter.to")}
              value={params.get("to") ?? ""}
              onChange={(value) => update("to", value || null)}
              size="xs"
            />
          </>
        }
        onReset={filtered ? reset : null}
        resetLabel={t("changeHistory.filter.reset")}
      />
      {changes.length === 0 ? (
        <Paper withBorder p="lg" data-testid="history-empty">
          <Text ta="center" c="dimmed">
            {filtered ? t("changeHistory.emptyFiltered") : t("changeHistory.empty")}
          </Text>
        </Paper>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={900}>
            <Table striped data-testid="history-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("changeHistory.column.when")}</Table.Th>
                  <Table.Th>{t("changeHistory.column.entity")}</Table.Th>
                  <Table.Th>{t("changeHistory.column.what")}</Table.Th>
                  <Table.Th>{t("changeHistory.column.oldValue")}</Table.Th>
                  <Table.Th>{t("changeHistory.column.newValue")}</Table.Th>
                  <Table.Th>{t("changeHistory.column.author")}</Table.Th>
                  <Table.Th>{t("changeHistory.column.reason")}</Table.Th>
                  <Table.Th>{t("changeHistory.column.status")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.map((change) => (
                  <HistoryRow
                    key={change.id}
                    change={change}
                    currency={currencies[change.profile] ?? defaultCurrency}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <ListPager total={total} pageSize={pageSize} page={page} />
    </Stack>
  );
}
