import { Alert, Button, Group, NativeSelect, NumberInput, Stack, Text } from "@mantine/core";
import { DataTable, type DataTableColumn } from "mantine-datatable";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { useChangeAction, useChanges } from "../../../components/hangar/changes/ChangesContext.tsx";
import { useFormat } from "../../../components/hangar/format.ts";
import { TableKeysHint } from "../../../components/TableKeysHint.tsx";
import { tableKeyDown, tableRowAttributes } from "../../../lib/use-table-keys.ts";
import { DENSE_TABLE, useDataTableLabels } from "../../../lib/use-table-labels.ts";
import { useAddedRows } from "./AddedRows.tsx";
import type { KeywordPageData } from "./keywords.server.ts";
import {
  type AddResult,
  type Candidate,
  clampBid,
  type KeywordTab,
  MATCH_TYPES,
  type MatchType,
  stageOf,
  type TermSource,
} from "./model.ts";
import { RowStages, SourceCell } from "./RowCells.tsx";

const PAGE_SIZE = 50;

type Edits = Record<string, { matchType: MatchType; bid: number }>;

/**
 * One tab's table of candidates: selection, match type and bid per row, client-side pages, the
 * per-row result of the last "add", and the add button. `extra` are the tab's own columns.
 */
export function CandidateTable<T extends Candidate>({
  tab,
  data,
  records,
  extra,
  empty,
  bidTitle,
  sourcesOf,
}: {
  tab: KeywordTab;
  data: KeywordPageData;
  records: T[];
  extra: DataTableColumn<T>[];
  empty: string;
  bidTitle?: React.ReactNode;
  /** The search tab: the other ad groups a row came through (a source column, negations). */
  sourcesOf?: (row: T) => TermSource[];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useDataTableLabels();
  const changes = useChanges();
  const fetcher = useFetcher<AddResult>();
  const [selected, setSelected] = useState<T[]>([]);
  const [edits, setEdits] = useState<Edits>({});
  const [page, setPage] = useState(1);
  const [added, updateAdded] = useAddedRows(tab);
  const results = added.results;
  // Source negations unticked by the seller (ticked by default), per row.
  const [keepSource, setKeepSource] = useState<Record<string, true>>({});
  // Added rows stay listed with their results when a reload drops them (now keywords).
  const kept = added.kept as Record<string, T>;
  // Another list (a new paste, a reload) starts on its first page with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the records are the trigger.
  useEffect(() => {
    setSelected([]);
    setPage(1);
  }, [records]);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // Each answer is taken in once (the tray's refresh must not run it again).
  const handled = useRef<AddResult | null>(null);
  const refreshTray = changes?.refreshTray;
  useEffect(() => {
    if (!answer?.ok || handled.current === answer) return;
    handled.current = answer;
    const ok = new Set(answer.results.filter((r) => r.ok).map((r) => r.key));
    const rows = submitted.current;
    updateAdded((prev) => {
      const next = { results: { ...prev.results }, kept: { ...prev.kept } };
      for (const r of answer.results) next.results[r.key] = r;
      for (const row of rows) if (ok.has(row.key)) next.kept[row.key] = row;
      return next;
    });
    setSelected([]);
    refreshTray?.();
  }, [answer, refreshTray, updateAdded]);
  // The rows of the add being answered (the answer names them by key).
  const submitted = useRef<T[]>([]);
  const listed = useMemo(() => {
    const present = new Set(records.map((r) => r.key));
    return [...Object.values(kept).filter((r) => !present.has(r.key)), ...records];
  }, [records, kept]);
  const openNegations = (row: T) =>
    keepSource[row.key] ? [] : (sourcesOf?.(row) ?? []).filter((s) => !s.negated);
  // The pushed batch's rows (the changes context polls it until Amazon has answered each).
  const pushedChanges = changes?.results?.changes;
  const pushed = useMemo(
    () => new Map((pushedChanges ?? []).map((c) => [c.id, c])),
    [pushedChanges],
  );
  const push = useChangeAction((result) => {
    if (result.ok && result.batchId) changes?.track(result.batchId);
  });
  const trayBatch = changes?.tray?.batch ?? null;
  const trayCount = changes?.tray?.changes.length ?? 0;
  const editOf = (row: T) => edits[row.key] ?? { matchType: row.matchType, bid: row.bid };
  const setEdit = (row: T, patch: Partial<{ matchType: MatchType; bid: number }>) =>
    setEdits((prev) => ({ ...prev, [row.key]: { ...editOf(row), ...patch } }));
  const add = () => {
    const form = new FormData();
    form.set("intent", "add");
    form.set("tab", tab);
    form.set(
      "rows",
      JSON.stringify(
        selected.map((row) => ({
          key: row.key,
          keywordText: row.keywordText,
          ...editOf(row),
          negate: openNegations(row).map((s) => s.adGroupId),
        })),
      ),
    );
    submitted.current = selected;
    void fetcher.submit(form, { method: "post" });
  };
  const staged = Object.values(results).filter((r) => r.ok);
  const inTray = staged.filter((r) => stageOf(r, pushed).stage === "inTray").length;
  const shown = listed.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <Stack gap="xs" onKeyDown={tableKeyDown}>
      <Group justify="space-between">
        <Group gap="xs">
          <Button
            size="xs"
            onClick={add}
            loading={fetcher.state !== "idle"}
            disabled={selected.length === 0}
            data-testid="kw-add"
          >
            {selected.length > 0
              ? t("keywordRecs.add", { count: selected.length })
              : t("keywordRecs.addNone")}
          </Button>
          {selected.length > 0 ? (
            <Text size="sm" c="dimmed">
              {t("keywordRecs.selected", { count: selected.length })}
            </Text>
          ) : null}
        </Group>
        <TableKeysHint />
      </Group>
      {answer && !answer.ok ? (
        <Alert color="red" data-testid="kw-add-error">
          {answer.message}
        </Alert>
      ) : null}
      {inTray > 0 ? (
        <Alert color="blue" variant="light" p="xs" data-testid="kw-staged">
          <Group gap="xs" justify="space-between">
            <Text size="sm">{t("keywordRecs.staged", { count: inTray })}</Text>
            <Group gap="xs">
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => changes?.setTrayOpen(true)}
                data-testid="kw-open-tray"
              >
                {t("keywordRecs.openTray")}
              </Button>
              <Button
                size="compact-xs"
                loading={push.busy}
                disabled={!trayBatch || trayCount === 0}
                onClick={() => trayBatch && push.submit({ intent: "push", batch: trayBatch.id })}
                data-testid="kw-push"
              >
                {t("keywordRecs.pushNow", { count: trayCount })}
              </Button>
            </Group>
          </Group>
        </Alert>
      ) : null}
      <DataTable<T>
        {...DENSE_TABLE}
        idAccessor="key"
        minHeight={listed.length ? undefined : 140}
        records={shown}
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        isRecordSelectable={(row) => !results[row.key]?.ok}
        customRowAttributes={(row, index) => ({
          ...tableRowAttributes(row, index),
          "data-testid": "kw-row",
          "data-keyword": row.keywordText,
        })}
        {...labels}
        totalRecords={listed.length}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        columns={[
          {
            accessor: "keywordText",
            title: t("keywordRecs.column.keyword"),
            // Sources and results wrap under the keyword rather than widen the table.
            width: sourcesOf ? 220 : undefined,
            render: (row) => {
              const result = results[row.key];
              return (
                <Stack gap={2} align="flex-start">
                  <Text size="sm" fw={500}>
                    {row.keywordText}
                  </Text>
                  {sourcesOf ? (
                    <SourceCell
                      sources={sourcesOf(row)}
                      own={(row as { own?: boolean }).own === true}
                      negate={!keepSource[row.key]}
                      done={Boolean(result?.ok)}
                      onNegate={(negate) =>
                        setKeepSource((prev) => {
                          const next = { ...prev };
                          if (negate) delete next[row.key];
                          else next[row.key] = true;
                          return next;
                        })
                      }
                    />
                  ) : null}
                  {result?.ok ? (
                    <RowStages result={result} pushed={pushed} sources={sourcesOf?.(row) ?? []} />
                  ) : result ? (
                    <Text size="xs" c="red" data-testid="kw-result-error">
                      {result.message}
                    </Text>
                  ) : null}
                </Stack>
              );
            },
          },
          ...extra,
          {
            accessor: "matchType",
            title: t("keywordRecs.column.matchType"),
            render: (row) => (
              <NativeSelect
                size="xs"
                w={92}
                aria-label={t("keywordRecs.matchTypeOf", { keyword: row.keywordText })}
                value={editOf(row).matchType}
                onChange={(event) =>
                  setEdit(row, { matchType: event.currentTarget.value as MatchType })
                }
                onClick={(event) => event.stopPropagation()}
                data={MATCH_TYPES.map((m) => ({
                  value: m,
                  label: t(`keywordRecs.match.${m}`),
                }))}
                data-testid="kw-match"
              />
            ),
          },
          {
            accessor: "bid",
            title: bidTitle ?? t("keywordRecs.column.bid"),
            textAlign: "right",
            render: (row) => (
              <NumberInput
                size="xs"
                w={90}
                ml="auto"
                aria-label={t("keywordRecs.bidOf", { keyword: row.keywordText })}
                value={editOf(row).bid}
                min={data.limits.minBid}
                max={data.limits.maxBid}
                step={0.05}
                decimalScale={2}
                fixedDecimalScale
                decimalSeparator={format.locale === "de" ? "," : "."}
                thousandSeparator={format.locale === "de" ? "." : ","}
                onChange={(value) => {
                  const bid = typeof value === "number" ? value : Number.parseFloat(value);
                  if (Number.isFinite(bid)) setEdit(row, { bid });
                }}
                onBlur={() => setEdit(row, { bid: clampBid(editOf(row).bid, data.limits) })}
                onClick={(event) => event.stopPropagation()}
                data-testid="kw-bid"
              />
            ),
          },
        ]}
        emptyState={
          <Text size="sm" c="dimmed" ta="center" p="md" data-testid="kw-empty">
            {empty}
          </Text>
        }
      />
    </Stack>
  );
}
