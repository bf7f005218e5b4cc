/**
 * /action-center (issue 21 §1): one queue of everything the optimiser proposes for the seller
 * profile, ranked by the projected monthly contribution profit with its range, so the first rows
 * are the best use of the seller's time. Tabs (open, snoozed, done) and filters (kind,
 * marketplace) live in the URL; accept (a change in the seller's tray, to review and push),
 * reject or snooze one, or a selection at once.
 */
import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { DataTable } from "mantine-datatable";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { AcceptedInstead } from "../../components/action-center/AcceptedInstead.tsx";
import { DecideButtons } from "../../components/action-center/DecideButtons.tsx";
import { EditAccept } from "../../components/action-center/EditAccept.tsx";
import { useImpact } from "../../components/action-center/impact.ts";
import { MeasuredEffect } from "../../components/action-center/MeasuredEffect.tsx";
import { useFormat } from "../../components/hangar/format.ts";
import { DecidedBy, useLogValue } from "../../components/optimiser/log-words.tsx";
import { TableKeysHint } from "../../components/TableKeysHint.tsx";
import { getI18n } from "../../i18n/i18n.ts";
import { useLocalizedPath } from "../../lib/use-locale.ts";
import { tableKeyDown, tableRowAttributes } from "../../lib/use-table-keys.ts";
import { DENSE_TABLE, useDataTableLabels } from "../../lib/use-table-labels.ts";
import { localizePath, splitLocale } from "../../route-table.ts";
import { serverApi, sessionContext } from "../../session/server-session.ts";
import type { Route } from "./+types/index";
import { loadQueue, type QueueData, type QueueItem, queueAction } from "./queue.server.ts";
import {
  QUEUE_KINDS,
  QUEUE_PAGE_SIZE,
  QUEUE_PAGE_SIZES,
  QUEUE_TABS,
  type QueueActionResult,
} from "./queue-model.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = context.get(sessionContext).profile;
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  if (!profile) throw redirect(localizePath("/profile-selection", locale));
  return loadQueue(serverApi(context, request), url.searchParams, profile.id, locale);
}

export async function action({ request, context }: Route.ActionArgs) {
  return queueAction(context, request);
}

/**
 * A refused decision (an edited value Amazon would not take) changed nothing: the queue is not
 * read again, so the seller's corrected value is sent at once, not behind that read.
 */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if ((actionResult as QueueActionResult | undefined)?.ok === false) return false;
  return defaultShouldRevalidate;
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.action-center.title")} · Starport` }];
}

function Summary({ data }: { data: QueueData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const kind = params.get("kind");
  const setKind = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (value && value !== kind) next.set("kind", value);
    else next.delete("kind");
    next.delete("page");
    setParams(next, { preventScrollReset: true });
  };
  const totals = Object.entries(data.impactByCurrency);
  return (
    <Group gap="xs" data-testid="queue-summary">
      <Text size="sm" fw={600} data-testid="queue-total-impact">
        {totals.length
          ? t("actionCenter.totalImpact", {
              amount: totals
                .map(([currency, amount]) => format.money(amount, currency))
                .join(" · "),
            })
          : t("actionCenter.noImpact")}
      </Text>
      {QUEUE_KINDS.filter((k) => data.countsByKind[k] || k === kind).map((k) => (
        <Badge
          key={k}
          component="button"
          type="button"
          variant={k === kind ? "filled" : "light"}
          style={{ cursor: "pointer" }}
          onClick={() => setKind(k)}
          data-testid={`queue-count-${k}`}
        >
          {t(`actionCenter.kind.${k}`)}: {format.number(data.countsByKind[k] ?? 0)}
        </Badge>
      ))}
      {Object.entries(data.countsByMarketplace).map(([code, count]) => (
        <Badge key={code} variant="outline" color="gray" data-testid={`queue-marketplace-${code}`}>
          {code}: {format.number(count)}
        </Badge>
      ))}
    </Group>
  );
}

export default function ActionCenter({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useDataTableLabels();
  const value = useLogValue();
  const impact = useImpact();
  const localize = useLocalizedPath();
  const [params, setParams] = useSearchParams();
  const data = loaderData;
  const [selected, setSelected] = useState<QueueItem[]>([]);
  // Every match of the filters (beyond the page), as Gmail offers once the page is selected.
  const [allMatching, setAllMatching] = useState(false);
  const clearSelection = useCallback(() => {
    setSelected([]);
    setAllMatching(false);
  }, []);
  // A new view (tab, filter, page, a decision's reload) starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loader data is the trigger.
  useEffect(clearSelection, [data]);
  const wholePage = selected.length > 0 && selected.length === data.items.length;
  const update = (name: string, next: string | null) => {
    const query = new URLSearchParams(params);
    if (next) query.set(name, next);
    else query.delete(name);
    if (name !== "page") query.delete("page");
    setParams(query, { preventScrollReset: true });
  };
  const open = data.tab !== "done";
  const entity = params.get("entity");
  const filtered = Boolean(params.get("kind") || params.get("marketplace") || entity);

  return (
    <Stack gap="md" data-testid="page" data-page="action-center">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t("pages.action-center.title")}
          </Title>
          <Text c="dimmed" size="sm" maw={720}>
            {t("actionCenter.description")}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={localize("/hangar/bid-optimisation")}
          variant="subtle"
          size="xs"
        >
          {t("actionCenter.openLog")}
        </Button>
      </Group>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Group gap="xs" align="flex-end">
            <SegmentedControl
              size="xs"
              value={data.tab}
              onChange={(tab) => update("tab", tab === "open" ? null : tab)}
              data={QUEUE_TABS.map((tab) => ({ value: tab, label: t(`actionCenter.tab.${tab}`) }))}
              data-testid="queue-tabs"
            />
            <Select
              label={t("actionCenter.filter.kind")}
              placeholder={t("actionCenter.filter.all")}
              data={QUEUE_KINDS.map((k) => ({ value: k, label: t(`actionCenter.kind.${k}`) }))}
              value={params.get("kind")}
              onChange={(next) => update("kind", next)}
              clearable
              size="xs"
              w={180}
              data-testid="queue-filter-kind"
            />
            <Select
              label={t("actionCenter.filter.marketplace")}
              placeholder={t("actionCenter.filter.all")}
              data={data.marketplaces}
              value={params.get("marketplace")}
              onChange={(next) => update("marketplace", next)}
              clearable
              size="xs"
              w={150}
              data-testid="queue-filter-marketplace"
            />
            {entity ? (
              <Badge
                variant="outline"
                size="lg"
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={t("actionCenter.filter.entityClear")}
                    onClick={() => update("entity", null)}
                  />
                }
                data-testid="queue-filter-entity"
              >
                {t("actionCenter.filter.entity")}
              </Badge>
            ) : null}
          </Group>
          <Summary data={data} />
        </Stack>
      </Paper>
      {open && selected.length > 0 ? (
        <Paper withBorder p="xs" data-testid="queue-bulk">
          <Group justify="space-between">
            <Group gap="xs">
              <Text size="sm" data-testid="queue-selected">
                {allMatching
                  ? t("actionCenter.allMatchingSelected", { count: data.total })
                  : t("actionCenter.selected", { count: selected.length })}
              </Text>
              {/* an entity's few recommendations fit a page; the API's filters have no entity */}
              {data.tab === "open" && !entity && wholePage && data.total > selected.length ? (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => setAllMatching((all) => !all)}
                  data-testid="queue-all-matching"
                >
                  {allMatching
                    ? t("actionCenter.onlyPage", { count: selected.length })
                    : t("actionCenter.selectAllMatching", { count: data.total })}
                </Anchor>
              ) : null}
            </Group>
            <DecideButtons
              ids={selected.map((item) => item.id)}
              testId="queue"
              onDone={clearSelection}
              allMatching={
                allMatching
                  ? { kind: params.get("kind"), marketplace: params.get("marketplace") }
                  : undefined
              }
            />
          </Group>
        </Paper>
      ) : null}
      <Stack gap="xs" onKeyDown={tableKeyDown}>
        <Group justify="flex-end">
          <TableKeysHint />
        </Group>
        <DataTable<QueueItem>
          {...DENSE_TABLE}
          minHeight={data.items.length ? undefined : 160}
          records={data.items}
          customRowAttributes={(record, index) => ({
            ...tableRowAttributes(record, index),
            "data-testid": "queue-row",
            "data-id": record.id,
            "data-kind": record.what,
            "data-status": record.status,
            "data-impact": record.impact ?? "",
          })}
          {...(open ? { selectedRecords: selected, onSelectedRecordsChange: setSelected } : {})}
          {...labels}
          totalRecords={data.total}
          recordsPerPage={data.pageSize}
          page={data.page}
          onPageChange={(page) => update("page", page === 1 ? null : String(page))}
          recordsPerPageOptions={[...QUEUE_PAGE_SIZES]}
          onRecordsPerPageChange={(n) =>
            update("perPage", n === QUEUE_PAGE_SIZE ? null : String(n))
          }
          recordsPerPageLabel={t("actionCenter.perPage")}
          columns={[
            {
              accessor: "impact",
              title: t("actionCenter.column.impact"),
              textAlign: "right",
              render: (item) => (
                <Text size="sm" fw={500}>
                  {impact(item) ?? "–"}
                </Text>
              ),
            },
            {
              accessor: "entityLabel",
              title: t("actionCenter.column.what"),
              render: (item) => (
                <Stack gap={0}>
                  <Text size="sm">{item.entityLabel ?? "–"}</Text>
                  <Text size="xs" c="dimmed">
                    {t(`actionCenter.kind.${item.what}`, { defaultValue: item.what })} ·{" "}
                    {item.marketplace}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: "change",
              title: t("actionCenter.column.change"),
              render: (item) => (
                <Stack gap={0}>
                  <Text size="sm">
                    {item.oldValue === null
                      ? value(item.what, item.newValue, item.currency)
                      : `${value(item.what, item.oldValue, item.currency)} → ${value(item.what, item.newValue, item.currency)}`}
                  </Text>
                  <AcceptedInstead entry={item} />
                </Stack>
              ),
            },
            {
              accessor: "reason",
              title: t("actionCenter.column.reason"),
              render: (item) => (
                <Text size="xs" maw={420} data-testid="queue-reason">
                  {item.reason}
                </Text>
              ),
            },
            {
              accessor: "status",
              title: t("actionCenter.column.status"),
              noWrap: true,
              render: (item) => (
                <Stack gap={0}>
                  {/* max-content: the column cut "Angenommen" to "ANGENOM…" and, beside the measured column, "ÜBERN…" */}
                  <Badge size="sm" variant="light" miw="max-content">
                    {t(`optimiserLog.status.${item.status}`, { defaultValue: item.status })}
                  </Badge>
                  {!open && item.decidedBy ? (
                    <DecidedBy decider={item.decidedBy} testId="queue-decided-by" />
                  ) : null}
                  {item.snoozedUntil && item.status === "snoozed" ? (
                    <Text size="xs" c="dimmed">
                      {t("actionCenter.until", { date: format.day(item.snoozedUntil) })}
                    </Text>
                  ) : null}
                </Stack>
              ),
            },
            ...(open
              ? []
              : [
                  {
                    accessor: "measured",
                    title: t("actionCenter.column.measured"),
                    render: (item: QueueItem) => (
                      <MeasuredEffect
                        measured={item.measured}
                        impact={item.impact}
                        currency={item.currency}
                      />
                    ),
                  },
                ]),
            ...(open
              ? [
                  {
                    accessor: "actions",
                    title: "",
                    textAlign: "right" as const,
                    render: (item: QueueItem) => (
                      <Group gap={4} justify="flex-end" align="flex-start">
                        <EditAccept
                          id={item.id}
                          kind={item.what}
                          current={item.oldValue}
                          proposed={item.newValue}
                          currency={item.currency}
                        />
                        <DecideButtons ids={[item.id]} testId="queue" />
                      </Group>
                    ),
                  },
                ]
              : []),
          ]}
          emptyState={
            <Text size="sm" c="dimmed" ta="center" p="md" data-testid="queue-empty">
              {filtered ? t("actionCenter.emptyFiltered") : t(`actionCenter.empty.${data.tab}`)}
            </Text>
          }
        />
      </Stack>
    </Stack>
  );
}
