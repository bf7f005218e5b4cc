/**
 * The bid optimisation log's table (issue 19 §4): one row per decision of the optimiser —
 * applied (its changes) or proposed (its recommendations) — with entity, old → new, the reason as
 * a sentence, status and Amazon's answer (and the administrator, when one acted while viewing
 * Starport as the seller); a row opens to the figures the decision was made from.
 * Undo of one change or of its whole run goes through the log route's action. Used by the
 * profile's log page and by the campaign and ad group tabs.
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { IconArrowBackUp, IconDots, IconEye, IconPlayerPlay } from "@tabler/icons-react";
import { DataTable } from "mantine-datatable";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useRevalidator } from "react-router";
import { numberFormat } from "../../lib/intl-format.ts";
import { intlLocale } from "../../lib/intl-locale.ts";
import { tableKeyDown, tableRowAttributes } from "../../lib/use-table-keys.ts";
import { DENSE_TABLE, useDataTableLabels } from "../../lib/use-table-labels.ts";
import { AcceptedInstead } from "../action-center/AcceptedInstead.tsx";
import { DecideButtons } from "../action-center/DecideButtons.tsx";
import { useFormat } from "../hangar/format.ts";
import { TableKeysHint } from "../TableKeysHint.tsx";
import type { LogActionResult, LogEntry, OptimiserLogData, PreviewDecision } from "./log.server.ts";
import { DecidedBy, useLogValue } from "./log-words.tsx";

/** The figures a bid was made from (the row's expansion). */
function Inputs({ entry }: { entry: LogEntry }) {
  const { t } = useTranslation();
  const format = useFormat();
  const i = entry.inputs;
  if (!i)
    return (
      <Text size="sm" c="dimmed" p="sm" data-testid="log-inputs-none">
        {t("optimiserLog.inputs.none")}
      </Text>
    );
  const tag = intlLocale(format.locale);
  const pct = (v: unknown) =>
    typeof v === "number"
      ? numberFormat(tag, { style: "percent", maximumFractionDigits: 2 }).format(v)
      : "–";
  const num = (v: unknown, digits = 1) =>
    typeof v === "number" ? numberFormat(tag, { maximumFractionDigits: digits }).format(v) : "–";
  const window = (i.window as { settledDays?: number; recentDays?: number } | undefined) ?? {};
  const items: [string, ReactNode][] = [
    [
      "window",
      t("optimiserLog.inputs.windowValue", {
        settled: num(window.settledDays ?? null, 0),
        recent: num(window.recentDays ?? null, 0),
      }),
    ],
    ["clicks", num(i.clicks)],
    ["orders", num(i.orders)],
    ["spend", format.money(i.spend as number, entry.currency)],
    ["sales", format.money(i.sales as number, entry.currency)],
    ["rawCvr", pct(i.rawCvr)],
    ["shrunkCvr", pct(i.shrunkCvr)],
    ["parentCvr", pct(i.parentCvr)],
    [
      "target",
      `${pct(i.targetAcos)} · ${t(`optimiserLog.targetSource.${String(i.targetSource)}`, {
        defaultValue: String(i.targetSource),
      })}`,
    ],
    ["placementFactor", num(i.placementFactor, 2)],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} p="sm" spacing="xs" data-testid="log-inputs">
      {items.map(([key, value]) => (
        <Stack gap={0} key={key}>
          <Text size="xs" c="dimmed">
            {t(`optimiserLog.inputs.${key}`)}
          </Text>
          <Text size="sm" data-testid={`log-input-${key}`}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** A row's status, Amazon's answer and who acted when an administrator did for the seller. */
export function StatusCell({ entry }: { entry: LogEntry }) {
  const { t } = useTranslation();
  const color =
    entry.status === "failed"
      ? "red"
      : entry.status === "applied"
        ? "green"
        : entry.status === "open"
          ? "blue"
          : "gray";
  return (
    <Stack gap={2}>
      <Badge size="sm" variant="light" color={color} miw="max-content" data-testid="log-status">
        {t(`optimiserLog.status.${entry.status}`, { defaultValue: entry.status })}
      </Badge>
      {entry.amazonAnswer ? (
        <Text size="xs" c="red" data-testid="log-amazon-answer">
          {t("optimiserLog.amazonAnswer", { message: entry.amazonAnswer })}
        </Text>
      ) : null}
      {entry.impersonation ? (
        <Text size="xs" c="dimmed" data-testid="log-impersonation">
          {t("changes.author.impersonated", {
            admin: entry.impersonation.actorName,
            user:
              entry.impersonation.authorName ??
              t(`changes.author.${entry.impersonation.authorKind}`, {
                defaultValue: entry.impersonation.authorKind,
              }),
          })}
        </Text>
      ) : null}
      {entry.decidedBy ? (
        <DecidedBy
          decider={entry.decidedBy}
          testId={entry.decidedBy.actorName ? "log-impersonation" : "log-decided-by"}
        />
      ) : null}
    </Stack>
  );
}

/** An open proposal: accept (a change in the seller's tray, to review and push) or reject. */
function RowActions({ entry, actionPath }: { entry: LogEntry; actionPath: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<LogActionResult>();
  const [confirm, setConfirm] = useState<"undoChange" | "undoRun" | null>(null);
  if (entry.decidable)
    return <DecideButtons ids={[entry.id]} testId="log" snooze={false} showDone />;
  if (!entry.undoable) return null;
  const submit = (intent: "undoChange" | "undoRun") => {
    const form = new FormData();
    form.set("intent", intent);
    if (intent === "undoChange") form.set("change", entry.id);
    else form.set("batch", entry.batchId ?? "");
    void fetcher.submit(form, { method: "post", action: actionPath });
    setConfirm(null);
  };
  const result = fetcher.data;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="compact-xs"
            variant="subtle"
            aria-label={t("optimiserLog.actions")}
            data-testid="log-row-actions"
            loading={fetcher.state !== "idle"}
            onClick={(event) => event.stopPropagation()}
          >
            <IconDots size={14} />
          </Button>
        </Menu.Target>
        <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
          <Menu.Item
            leftSection={<IconArrowBackUp size={14} />}
            onClick={() => setConfirm("undoChange")}
            data-testid="log-undo-change"
          >
            {t("optimiserLog.undoChange")}
          </Menu.Item>
          {entry.batchId ? (
            <Menu.Item
              leftSection={<IconArrowBackUp size={14} />}
              onClick={() => setConfirm("undoRun")}
              data-testid="log-undo-run"
            >
              {t("optimiserLog.undoRun")}
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      {result?.ok ? (
        <Text size="xs" c="green" data-testid="log-undo-done">
          {t("optimiserLog.undoDone")}
        </Text>
      ) : result && !result.ok ? (
        <Text size="xs" c="red" data-testid="log-undo-error">
          {result.message}
        </Text>
      ) : null}
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm ? t(`optimiserLog.confirm.${confirm}.title`) : ""}
        data-testid="log-undo-confirm"
      >
        <Stack onClick={(event) => event.stopPropagation()}>
          <Text size="sm">
            {confirm
              ? t(`optimiserLog.confirm.${confirm}.text`, { entity: entry.entityLabel ?? "–" })
              : ""}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t("optimiserLog.confirm.cancel")}
            </Button>
            <Button
              color="red"
              onClick={() => confirm && submit(confirm)}
              data-testid="log-undo-submit"
            >
              {t("optimiserLog.confirm.submit")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

export interface OptimiserLogTableProps {
  data: OptimiserLogData;
  actionPath: string;
  /** Why the list is empty, in the page's words (filters set, no run yet, mode off). */
  emptyText: string;
  onPageChange?: (page: number) => void;
}

export function OptimiserLogTable({
  data,
  actionPath,
  emptyText,
  onPageChange,
}: OptimiserLogTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useDataTableLabels();
  const value = useLogValue();
  const [expanded, setExpanded] = useState<string[]>([]);
  return (
    <Stack gap="xs" onKeyDown={tableKeyDown} data-testid="log-table">
      <Group justify="flex-end">
        <TableKeysHint />
      </Group>
      <DataTable<LogEntry>
        {...DENSE_TABLE}
        minHeight={data.entries.length ? undefined : 160}
        idAccessor="key"
        records={data.entries}
        customRowAttributes={(record, index) => ({
          ...tableRowAttributes(record, index),
          "data-testid": "log-row",
          "data-id": record.id,
          "data-source": record.source,
          "data-reason": record.reasonCode,
          "data-status": record.status,
        })}
        {...labels}
        totalRecords={data.total}
        recordsPerPage={data.pageSize}
        page={data.page}
        onPageChange={(page) => onPageChange?.(page)}
        rowExpansion={{
          allowMultiple: true,
          expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
          content: ({ record }) => <Inputs entry={record} />,
        }}
        columns={[
          {
            accessor: "createdAt",
            title: t("optimiserLog.column.when"),
            render: (e) => format.dateTime(e.createdAt),
            noWrap: true,
          },
          {
            accessor: "entityLabel",
            title: t("optimiserLog.column.entity"),
            render: (e) => (
              <Stack gap={0}>
                <Text size="sm" data-testid="log-entity">
                  {e.entityLabel ?? "–"}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`changeHistory.entityType.${e.entityType}`, { defaultValue: e.entityType })}
                  {" · "}
                  {t(`optimiserLog.what.${e.what}`, { defaultValue: e.what })}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: "newValue",
            title: t("optimiserLog.column.change"),
            noWrap: true,
            render: (e) => (
              <Stack gap={0}>
                <Text size="sm" data-testid="log-change">
                  {value(e.what, e.oldValue, e.currency)} → {value(e.what, e.newValue, e.currency)}
                </Text>
                <AcceptedInstead entry={e} />
              </Stack>
            ),
          },
          {
            accessor: "reason",
            title: t("optimiserLog.column.reason"),
            render: (e) => (
              <Text size="sm" data-testid="log-reason">
                {e.reason}
              </Text>
            ),
          },
          {
            accessor: "source",
            title: t("optimiserLog.column.source"),
            render: (e) => t(`optimiserLog.source.${e.source}`),
          },
          {
            accessor: "status",
            title: t("optimiserLog.column.status"),
            noWrap: true,
            render: (e) => <StatusCell entry={e} />,
          },
          {
            accessor: "actions",
            title: "",
            textAlign: "right",
            render: (e) => <RowActions entry={e} actionPath={actionPath} />,
          },
        ]}
        emptyState={
          <Text size="sm" c="dimmed" ta="center" p="md" data-testid="log-empty">
            {emptyText}
          </Text>
        }
      />
      {data.truncated ? (
        <Text size="xs" c="dimmed" data-testid="log-truncated">
          {t("optimiserLog.truncated")}
        </Text>
      ) : null}
    </Stack>
  );
}

/** "Run now" and its dry-run preview; while a run is queued or running, the log refreshes. */
export function RunNow({ data, actionPath }: { data: OptimiserLogData; actionPath: string }) {
  const { t } = useTranslation();
  const value = useLogValue();
  const run = useFetcher<LogActionResult>();
  const preview = useFetcher<LogActionResult>();
  const revalidator = useRevalidator();
  const [previewOpen, setPreviewOpen] = useState(false);
  const busy = data.lastRun?.status === "queued" || data.lastRun?.status === "running";
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => void revalidator.revalidate(), 1500);
    return () => clearTimeout(timer);
  }, [busy, revalidator]);
  const post = (fetcher: typeof run, intent: "runNow" | "preview") => {
    const form = new FormData();
    form.set("intent", intent);
    void fetcher.submit(form, { method: "post", action: actionPath });
  };
  const decisions: PreviewDecision[] =
    preview.data?.ok && preview.data.intent === "preview" ? preview.data.decisions : [];
  return (
    <Stack gap="xs">
      <Group gap="xs" justify="flex-end">
        <Text size="sm" c="dimmed" data-testid="log-mode">
          {t(`optimiserLog.mode.${data.automationMode ?? "suggest"}`)}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconEye size={14} />}
          loading={preview.state !== "idle"}
          onClick={() => {
            setPreviewOpen(true);
            post(preview, "preview");
          }}
          data-testid="log-preview"
        >
          {t("optimiserLog.preview")}
        </Button>
        <Button
          size="xs"
          leftSection={<IconPlayerPlay size={14} />}
          loading={run.state !== "idle" || busy}
          disabled={data.automationMode === "off"}
          onClick={() => post(run, "runNow")}
          data-testid="log-run-now"
        >
          {t("optimiserLog.runNow")}
        </Button>
      </Group>
      {busy ? (
        <Text size="xs" c="dimmed" ta="right" data-testid="log-run-busy">
          {t("optimiserLog.runBusy")}
        </Text>
      ) : data.lastRun?.status === "failed" ? (
        <Alert color="red" data-testid="log-run-failed">
          {t("optimiserLog.runFailed", { error: data.lastRun.error ?? "–" })}
        </Alert>
      ) : null}
      {run.data && !run.data.ok ? (
        <Alert color="red" data-testid="log-run-error">
          {run.data.message}
        </Alert>
      ) : null}
      <Modal
        opened={previewOpen}
        onClose={() => setPreviewOpen(false)}
        title={t("optimiserLog.previewTitle")}
        size="xl"
      >
        <Stack data-testid="log-preview-modal">
          <Text size="sm" c="dimmed">
            {t("optimiserLog.previewText")}
          </Text>
          {preview.state !== "idle" ? (
            <Text size="sm">{t("optimiserLog.previewLoading")}</Text>
          ) : preview.data && !preview.data.ok ? (
            <Alert color="red">{preview.data.message}</Alert>
          ) : decisions.length === 0 ? (
            <Text size="sm" data-testid="log-preview-empty">
              {t("optimiserLog.previewEmpty")}
            </Text>
          ) : (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={700}>
                <Table striped fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("optimiserLog.column.entity")}</Table.Th>
                      <Table.Th>{t("optimiserLog.column.change")}</Table.Th>
                      <Table.Th>{t("optimiserLog.column.reason")}</Table.Th>
                      <Table.Th>{t("optimiserLog.column.mode")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {decisions.map((d) => (
                      <Table.Tr key={d.key} data-testid="log-preview-row">
                        <Table.Td>
                          {d.entityLabel ?? "–"}
                          <Text size="xs" c="dimmed">
                            {t(`optimiserLog.what.${d.kind}`, { defaultValue: d.kind })}
                          </Text>
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: "nowrap" }}>
                          {value(d.kind, d.oldValue, d.currency)} →{" "}
                          {value(d.kind, d.newValue, d.currency)}
                        </Table.Td>
                        <Table.Td>{d.reason}</Table.Td>
                        <Table.Td>{t(`optimiserLog.mode.${d.mode}`)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )}
        </Stack>
      </Modal>
    </Stack>
  );
}
