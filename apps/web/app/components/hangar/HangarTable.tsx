import {
  Button,
  Group,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { IconSearch, IconX } from "@tabler/icons-react";
import { DataTable, type DataTableColumn } from "mantine-datatable";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { tableKeyDown, tableRowAttributes, useSearchShortcut } from "../../lib/use-table-keys.ts";
import { DENSE_TABLE, useDataTableLabels } from "../../lib/use-table-labels.ts";
import { ExportMenu } from "../ExportMenu.tsx";
import { preloadNumberInput } from "../LazyNumberInput.tsx";
import { lazyAfterPage } from "../LazyOverlays.tsx";
import { ColumnChooser } from "../list/ColumnChooser.tsx";
import { useColumns } from "../list/use-columns.ts";
import { TableKeysHint } from "../TableKeysHint.tsx";
import { ComparisonModal } from "./ComparisonModal.tsx";
import { type CellContext, HangarCell } from "./cells.tsx";
import { useChanges } from "./changes/ChangesContext.tsx";
import { HistoryButton } from "./changes/HistoryButton.tsx";
import { SearchTermActions } from "./changes/SearchTermActions.tsx";
import { FiguresFailed } from "./FiguresPending.tsx";
import { useFormat } from "./format.ts";
import type { TableResult } from "./hangar.server.ts";
import { MetricCell } from "./MetricCell.tsx";
import { MetricFilters } from "./MetricFilters.tsx";
import {
  COMPARE_MAX,
  COMPARE_MIN,
  readTableState,
  STATES,
  TARGETING_TYPES,
} from "./table-state.ts";
import type { HangarRow, TableDef } from "./tables.ts";
import { useTranslatedSortLabels } from "./use-sort-labels.ts";

/**
 * The bulk bar shows once rows are selected (nothing at first paint): its code, with the bulk
 * bid and budget dialogs, arrives after the page (issue 23, first-load JS).
 */
const BulkBar = lazyAfterPage(() => import("./changes/BulkActions.tsx").then((m) => m.BulkBar));

/** The pause in typing after which the search filters the table. */
const SEARCH_DEBOUNCE_MS = 300;

export interface HangarTableProps {
  def: TableDef;
  result: TableResult;
  currency: string;
  converted: boolean;
  /** Where a row's name leads (its detail screen). */
  rowHref?: (row: HangarRow) => string | null;
  /** Rows can be selected for a side-by-side comparison. */
  compare?: boolean;
  /** Extra content in the toolbar (right side). */
  actions?: ReactNode;
  /** The export scope label for the file name. */
  exportName: string;
}

/**
 * The Hangar table: server-side sort, filters and paging kept in the URL (per-table prefix),
 * a totals row, deltas against the previous period, a remembered column chooser, export of
 * everything the filters match (CSV, XLSX), loading skeletons, empty states that say why, and
 * errors with a retry.
 */
export function HangarTable({
  def,
  result,
  currency,
  converted,
  rowHref,
  compare = false,
  actions,
  exportName,
}: HangarTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const sortLabels = useTranslatedSortLabels();
  const tableLabels = useDataTableLabels();
  const keyScope = useRef<HTMLDivElement | null>(null);
  useSearchShortcut(keyScope);
  // The editors' NumberInput is not in the first load; it arrives before anyone opens one.
  useEffect(preloadNumberInput, []);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const { state: revalidating } = useRevalidator();
  const p = result.prefix;
  // View settings (columns, deltas) come from the address as it is now: changing them reads no
  // data again (hangarShouldRevalidate), so the loader's copy of them is stale.
  const view = readTableState(def, params, p);
  const state = { ...result.state, columns: view.columns, deltas: view.deltas };
  const { visible, remember } = useColumns(def.key, def.columns, state.columns);
  const [selected, setSelected] = useState<HangarRow[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  // The open comparison lives in the URL (`compare=id1,id2`): a reload or a shared link shows it.
  const comparing = compare && params.has(`${p}compare`) && result.compared.length > 0;
  // Rows are edited where the screen provides the changes (tray, history) and the table allows it.
  const changes = useChanges();
  const editing = changes ? def.editing : undefined;
  const harvest = !!changes && def.harvest === true;
  const selectable = compare || !!editing;
  // Another page, filter or sort: the selection was of rows no longer shown.
  const selectionScope = `${result.exportQuery}|${state.page}`;
  const [scope, setScope] = useState(selectionScope);
  if (scope !== selectionScope) {
    setScope(selectionScope);
    setSelected([]);
    setAllMatching(false);
  }
  const [search, setSearch] = useState(state.search);
  // The searches the debounce below put into the address and that have not landed yet: when one
  // lands, the seller may have typed on ("Ex" loaded while the box says "Exact"), and the box
  // keeps what they typed. All of them, not the last one only: on a busy machine the debounce can
  // push "Exa" between the moment "Ex" lands and this effect, which then took "Ex" for a change
  // from elsewhere and put it back into the box (a key lost: "Exct").
  const pushedSearches = useRef<string[]>([]);
  // The address changed otherwise (back, a link): the box follows, keeping a trailing space the
  // seller is typing. A pushed search that lands ends the ones pushed before it (superseded).
  useEffect(() => {
    const pushed = pushedSearches.current.indexOf(state.search);
    pushedSearches.current = pushed >= 0 ? pushedSearches.current.slice(pushed + 1) : [];
    if (pushed >= 0) return;
    setSearch((typed) => (typed.trim() === state.search ? typed : state.search));
  }, [state.search]);

  const loading =
    revalidating === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === location.pathname);

  const update = (changes: Record<string, string | null>, resetPage = true) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(`${p}${key}`);
      else next.set(`${p}${key}`, value);
    }
    if (resetPage) next.delete(`${p}page`);
    setParams(next, { preventScrollReset: true });
  };

  // Filters as one types: the address (and the server's query) follows a pause in typing, not
  // every key.
  const latestUpdate = useRef(update);
  latestUpdate.current = update;
  useEffect(() => {
    const wanted = search.trim();
    if (wanted === state.search) return;
    const timer = window.setTimeout(() => {
      pushedSearches.current.push(wanted);
      latestUpdate.current({ q: wanted || null });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, state.search]);

  const filtered =
    state.filters.length > 0 || !!state.search || !!state.state || !!state.targetingType;

  const cellContext: CellContext = {
    t,
    format,
    currency,
    converted,
    withDelta: state.deltas,
    editing,
    rowHref,
  };
  const shown = def.columns.filter((c) => visible.includes(c.key));
  const columns = shown.map((column, index): DataTableColumn<HangarRow> => {
    const isFirst = index === 0;
    const footer = column.metric ? (
      result.totals ? (
        <MetricCell
          key="footer"
          testId={`total-${column.metric}`}
          metric={column.metric}
          value={result.totals[column.metric]}
          previous={result.previousTotals?.[column.metric]}
          currency={result.totals.currency ?? currency}
          converted={converted}
          withDelta={state.deltas}
        />
      ) : null
    ) : isFirst && def.withMetrics ? (
      <Text key="footer" size="sm" fw={700} data-testid="totals-label">
        {t("hangar.table.totals", { count: result.totalItems })}
      </Text>
    ) : null;
    return {
      accessor: column.key,
      title: t(column.label),
      sortable: !!column.order,
      textAlign: column.metric || column.format === "money" ? "right" : "left",
      footer,
      noWrap: column.format !== "text" || !column.fixed,
      // The identifying cell carries the marker of the row's open recommendations.
      render: (row) => (
        <HangarCell
          column={column}
          row={row}
          context={cellContext}
          marked={!!column.fixed}
          recommendations={column.fixed && row.id ? result.recommendations[row.id] : undefined}
        />
      ),
    };
  });
  if (editing || harvest) {
    columns.push({
      accessor: "__actions",
      title: <VisuallyHidden>{t("changes.column.actions")}</VisuallyHidden>,
      textAlign: "right",
      width: 44,
      render: (row) =>
        harvest ? (
          <SearchTermActions row={row} />
        ) : editing && row.id ? (
          <HistoryButton
            compact
            entity={row.id}
            entityType={editing.entityType}
            label={editing.label(row)}
          />
        ) : null,
    });
  }

  const exportHref = (kind: "csv" | "xlsx") => {
    const query = new URLSearchParams(result.exportQuery);
    query.set("table", def.key);
    query.set("format", kind);
    query.set("locale", format.locale);
    query.set("name", exportName);
    for (const key of visible) query.append("columns", key);
    return `/hangar/export?${query.toString()}`;
  };

  return (
    <Stack gap="xs" data-testid={`table-${def.key}`} ref={keyScope} onKeyDown={tableKeyDown}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          {def.filters.includes("search") ? (
            <TextInput
              size="xs"
              w={200}
              leftSection={<IconSearch size={14} />}
              placeholder={t("hangar.table.search")}
              aria-label={t("hangar.table.search")}
              aria-keyshortcuts="/"
              data-table-search
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") update({ q: search.trim() || null });
              }}
              onBlur={() => search.trim() !== state.search && update({ q: search.trim() || null })}
            />
          ) : null}
          {def.filters.includes("state") ? (
            <Select
              size="xs"
              w={140}
              clearable
              aria-label={t("hangar.column.state")}
              placeholder={t("hangar.table.allStates")}
              value={state.state}
              data={STATES.map((s) => ({ value: s, label: t(`hangar.state.${s}`) }))}
              onChange={(value) => update({ state: value })}
            />
          ) : null}
          {def.filters.includes("targetingType") ? (
            <Select
              size="xs"
              w={160}
              clearable
              aria-label={t("hangar.column.targetingType")}
              placeholder={t("hangar.table.allTargeting")}
              value={state.targetingType}
              data={TARGETING_TYPES.map((s) => ({ value: s, label: t(`hangar.enum.${s}`) }))}
              onChange={(value) => update({ targeting: value })}
            />
          ) : null}
          {def.filters.includes("metrics") ? (
            <MetricFilters filters={state.filters} onChange={(text) => update({ f: text })} />
          ) : null}
        </Group>
        <Group gap="xs">
          {actions}
          {compare ? (
            <Button
              size="xs"
              variant="light"
              data-testid="compare-button"
              disabled={selected.length < COMPARE_MIN || selected.length > COMPARE_MAX}
              onClick={() =>
                update(
                  { compare: selected.flatMap((row) => (row.id ? [row.id] : [])).join(",") },
                  false,
                )
              }
            >
              {t("hangar.compare.button", { count: selected.length })}
            </Button>
          ) : null}
          {def.withMetrics ? (
            <Switch
              size="xs"
              label={t("hangar.table.deltas")}
              data-testid="deltas-switch"
              checked={state.deltas}
              onChange={(e) => update({ delta: e.currentTarget.checked ? "1" : null }, false)}
            />
          ) : null}
          <TableKeysHint />
          <ColumnChooser
            columns={def.columns}
            visible={visible}
            onChange={(keys) => {
              remember(keys);
              update({ cols: keys.join(",") }, false);
            }}
          />
          <ExportMenu hrefOf={exportHref} size="xs" />
        </Group>
      </Group>
      {editing ? (
        <BulkBar
          editing={editing}
          selectedIds={selected.flatMap((row) => (row.id ? [row.id] : []))}
          pageCount={result.rows.length}
          totalItems={result.totalItems}
          allMatching={allMatching}
          onAllMatching={setAllMatching}
          exportQuery={result.exportQuery}
          onDone={() => {
            setSelected([]);
            setAllMatching(false);
          }}
        />
      ) : null}
      {result.error ? (
        <FiguresFailed />
      ) : (
        <DataTable<HangarRow>
          {...DENSE_TABLE}
          minHeight={result.rows.length ? undefined : 180}
          idAccessor="@id"
          customRowAttributes={tableRowAttributes}
          records={result.rows}
          columns={columns}
          fetching={loading}
          loaderType="dots"
          totalRecords={result.totalItems}
          recordsPerPage={def.itemsPerPage}
          page={state.page}
          onPageChange={(page) => update({ page: page === 1 ? null : String(page) }, false)}
          tableRef={sortLabels}
          {...tableLabels}
          sortStatus={{ columnAccessor: state.sort.column, direction: state.sort.direction }}
          onSortStatusChange={(sort) =>
            update({ sort: String(sort.columnAccessor), dir: sort.direction })
          }
          selectedRecords={selectable ? selected : undefined}
          onSelectedRecordsChange={
            selectable
              ? (rows) => {
                  setSelected(rows);
                  setAllMatching(false);
                }
              : undefined
          }
          isRecordSelectable={
            compare && !editing
              ? (row) =>
                  selected.length < COMPARE_MAX || selected.some((s) => s["@id"] === row["@id"])
              : undefined
          }
          emptyState={
            <Stack align="center" gap={4} p="md" data-testid="table-empty">
              <Text size="sm" c="dimmed" ta="center">
                {filtered ? t("hangar.table.emptyFiltered") : t(`hangar.empty.${def.key}`)}
              </Text>
              {filtered ? (
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconX size={12} />}
                  onClick={() => update({ f: null, q: null, state: null, targeting: null })}
                >
                  {t("hangar.table.resetFilters")}
                </Button>
              ) : null}
            </Stack>
          }
        />
      )}
      {comparing ? (
        <ComparisonModal
          def={def}
          rows={result.compared}
          currency={currency}
          converted={converted}
          onClose={() => update({ compare: null }, false)}
        />
      ) : null}
    </Stack>
  );
}
