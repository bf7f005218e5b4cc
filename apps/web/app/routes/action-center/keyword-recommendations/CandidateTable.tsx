import { Alert, Badge, Button, Group, NativeSelect, NumberInput, Stack, Text } from "@mantine/core";
import { DataTable, type DataTableColumn } from "mantine-datatable";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { useChanges } from "../../../components/hangar/changes/ChangesContext.tsx";
import { useFormat } from "../../../components/hangar/format.ts";
import { TableKeysHint } from "../../../components/TableKeysHint.tsx";
import { tableKeyDown, tableRowAttributes } from "../../../lib/use-table-keys.ts";
import { DENSE_TABLE, useDataTableLabels } from "../../../lib/use-table-labels.ts";
import type { KeywordPageData } from "./keywords.server.ts";
import {
  type AddResult,
  type Candidate,
  clampBid,
  type KeywordTab,
  MATCH_TYPES,
  type MatchType,
} from "./model.ts";

const PAGE_SIZE = 50;
/** Badges show their whole label (no ellipsis in a narrow column). */
export const FULL_BADGE = {
  root: { flexShrink: 0, maxWidth: "none" },
  label: { overflow: "visible" },
} as const;

type Edits = Record<string, { matchType: MatchType; bid: number }>;
type RowResult = { ok: boolean; message: string | null };

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
}: {
  tab: KeywordTab;
  data: KeywordPageData;
  records: T[];
  extra: DataTableColumn<T>[];
  empty: string;
  bidTitle?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useDataTableLabels();
  const changes = useChanges();
  const fetcher = useFetcher<AddResult>();
  const [selected, setSelected] = useState<T[]>([]);
  const [edits, setEdits] = useState<Edits>({});
  const [page, setPage] = useState(1);
  const [results, setResults] = useState<Record<string, RowResult>>({});
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
    setResults((prev) => {
      const next = { ...prev };
      for (const r of answer.results) next[r.key] = { ok: r.ok, message: r.message };
      return next;
    });
    setSelected([]);
    refreshTray?.();
  }, [answer, refreshTray]);
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
        })),
      ),
    );
    void fetcher.submit(form, { method: "post" });
  };
  const staged = Object.values(results).filter((r) => r.ok).length;
  const shown = records.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
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
      {staged > 0 ? (
        <Alert color="teal" data-testid="kw-staged">
          <Group gap="xs" justify="space-between">
            <Text size="sm">{t("keywordRecs.staged", { count: staged })}</Text>
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => changes?.setTrayOpen(true)}
              data-testid="kw-open-tray"
            >
              {t("keywordRecs.openTray")}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <DataTable<T>
        {...DENSE_TABLE}
        idAccessor="key"
        minHeight={records.length ? undefined : 140}
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
        totalRecords={records.length}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        columns={[
          {
            accessor: "keywordText",
            title: t("keywordRecs.column.keyword"),
            render: (row) => {
              const result = results[row.key];
              return (
                <Stack gap={2} align="flex-start">
                  <Text size="sm">{row.keywordText}</Text>
                  {result?.ok ? (
                    <Badge
                      size="xs"
                      color="teal"
                      variant="light"
                      styles={FULL_BADGE}
                      data-testid="kw-result-ok"
                    >
                      {t("keywordRecs.inTray")}
                    </Badge>
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
                w={110}
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
                w={100}
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
