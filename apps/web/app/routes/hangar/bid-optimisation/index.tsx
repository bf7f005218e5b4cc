/**
 * /hangar/bid-optimisation: the seller profile's bid optimisation log (issue 19 §4) — every
 * decision of the optimiser, applied or proposed, with its reason and inputs; filters (applied or
 * proposed, campaign, ad group, reason, direction, dates) kept in the URL; the same list as a
 * file; undo of a change or a run; run now with a dry-run preview. The campaign and ad group
 * pages load the same data for their tab (`?campaign=` / `?adGroup=` as a fixed scope).
 */
import { Button, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { redirect, useSearchParams } from "react-router";
import { DateField } from "../../../components/DateField.tsx";
import { ExportMenu } from "../../../components/ExportMenu.tsx";
import { loadOptimiserLog, optimiserLogAction } from "../../../components/optimiser/log.server.ts";
import {
  LOG_DIRECTIONS,
  LOG_REASONS,
  LOG_SOURCES,
  type LogFilter,
} from "../../../components/optimiser/log-model.ts";
import { OptimiserLogTable, RunNow } from "../../../components/optimiser/OptimiserLog.tsx";
import { getI18n } from "../../../i18n/i18n.ts";
import { useLocale, useLocalizedPath } from "../../../lib/use-locale.ts";
import { localizePath, splitLocale } from "../../../route-table.ts";
import {
  profileIdFromRequest,
  serverApi,
  sessionContext,
} from "../../../session/server-session.ts";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = context.get(sessionContext).profile;
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  if (!profile) throw redirect(localizePath("/profile-selection", locale));
  const scope = {
    ...(url.searchParams.get("scope") === "campaign"
      ? { campaign: url.searchParams.get("campaign") ?? "" }
      : {}),
    ...(url.searchParams.get("scope") === "adGroup"
      ? { adGroup: url.searchParams.get("adGroup") ?? "" }
      : {}),
  };
  return loadOptimiserLog(serverApi(context, request), url.searchParams, profile.id, locale, scope);
}

export async function action({ request, context }: Route.ActionArgs) {
  const profile = context.get(sessionContext).profile?.id ?? profileIdFromRequest(request);
  if (!profile) throw new Response(null, { status: 404 });
  return optimiserLogAction(
    context,
    request,
    profile,
    splitLocale(new URL(request.url).pathname).locale,
  );
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.bid-optimisation.title")} · Starport` }];
}

const FILTERS: readonly LogFilter[] = [
  "source",
  "campaign",
  "adGroup",
  "reason",
  "direction",
  "from",
  "to",
];

export default function BidOptimisationLog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const [params, setParams] = useSearchParams();
  const data = loaderData;
  const filtered = FILTERS.some((name) => params.get(name));
  const actionPath = localize("/hangar/bid-optimisation");

  const update = (name: LogFilter | "page", value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== "page") next.delete("page");
    if (name === "campaign") next.delete("adGroup");
    setParams(next, { preventScrollReset: true });
  };
  const choice = (
    name: LogFilter,
    values: readonly { value: string; label: string }[],
    width = 190,
  ) => (
    <Select
      label={t(`optimiserLog.filter.${name}`)}
      placeholder={t("optimiserLog.filter.all")}
      data={values}
      value={params.get(name)}
      onChange={(value) => update(name, value)}
      clearable
      searchable={values.length > 10}
      size="xs"
      w={width}
      data-testid={`log-filter-${name}`}
    />
  );
  const coded = (values: readonly string[], key: string) =>
    values.map((value) => ({ value, label: t(`${key}.${value}`) }));
  const exportHref = (format: "csv" | "xlsx") => {
    const query = new URLSearchParams(params);
    query.delete("page");
    query.set("format", format);
    query.set("locale", locale);
    return `${localize("/hangar/bid-optimisation/export")}?${query}`;
  };
  const emptyText = filtered
    ? t("optimiserLog.emptyFiltered")
    : data.automationMode === "off"
      ? t("optimiserLog.emptyOff")
      : data.lastRun
        ? t("optimiserLog.emptyNoDecisions")
        : t("optimiserLog.emptyNoRun");

  return (
    <Stack gap="md" data-testid="page" data-page="bid-optimisation">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t("pages.bid-optimisation.title")}
          </Title>
          <Text c="dimmed" size="sm" maw={640}>
            {t("pages.bid-optimisation.description")}
          </Text>
        </Stack>
        <Group gap="xs" align="flex-start">
          <RunNow data={data} actionPath={actionPath} />
          <ExportMenu hrefOf={exportHref} disabled={data.total === 0} size="xs" />
        </Group>
      </Group>
      <Paper withBorder p="sm">
        <Group gap="xs" align="flex-end" data-testid="log-filters">
          {choice("source", coded(LOG_SOURCES, "optimiserLog.source"), 160)}
          {choice("campaign", data.campaigns, 240)}
          {params.get("campaign") ? choice("adGroup", data.adGroups, 220) : null}
          {choice("reason", coded(LOG_REASONS, "optimiserLog.reason"), 220)}
          {choice("direction", coded(LOG_DIRECTIONS, "optimiserLog.direction"), 150)}
          <DateField
            label={t("optimiserLog.filter.from")}
            value={params.get("from") ?? ""}
            onChange={(value) => update("from", value || null)}
            size="xs"
          />
          <DateField
            label={t("optimiserLog.filter.to")}
            value={params.get("to") ?? ""}
            onChange={(value) => update("to", value || null)}
            size="xs"
          />
          {filtered ? (
            <Button
              variant="subtle"
              size="xs"
              onClick={() => setParams(new URLSearchParams())}
              data-testid="log-reset"
            >
              {t("optimiserLog.filter.reset")}
            </Button>
          ) : null}
        </Group>
      </Paper>
      <OptimiserLogTable
        data={data}
        actionPath={actionPath}
        emptyText={emptyText}
        onPageChange={(page) => update("page", page === 1 ? null : String(page))}
      />
    </Stack>
  );
}
