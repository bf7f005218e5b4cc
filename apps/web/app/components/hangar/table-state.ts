/**
 * A Hangar table's state as it lives in the URL (so a view can be bookmarked and shared), and
 * its translation into the API query of the HANGAR-CONTRACT. Each table on a screen has its own
 * parameter prefix so two tables never share a sort or a page.
 *
 *   <p>sort=acos  <p>dir=desc  <p>page=2  <p>q=shoe  <p>state=ENABLED  <p>targeting=MANUAL
 *   <p>f=acos.gt.40~orders.eq.0   (metric ranges in the seller's units: ACoS 40 means 40 %)
 *   <p>cols=name,state,cost,acos  <p>delta=1
 */
import type { HydraQuery } from "../../lib/api/hydra.ts";
import { type DateRange, previousRange } from "./date-range.ts";
import { METRICS, type MetricName, toApiValue } from "./metrics.ts";
import type { TableDef } from "./tables.ts";

export const FILTER_OPS = ["gt", "gte", "lt", "lte", "eq"] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface MetricFilter {
  metric: MetricName;
  op: FilterOp;
  /** In the seller's units (percent for ratios). */
  value: number;
}

export interface TableState {
  sort: { column: string; direction: "asc" | "desc" };
  page: number;
  search: string;
  state: string | null;
  targetingType: string | null;
  filters: MetricFilter[];
  /** Columns asked for in the URL; null: the seller's remembered choice or the defaults. */
  columns: string[] | null;
  deltas: boolean;
}

export const STATES = ["ENABLED", "PAUSED", "ARCHIVED"] as const;
export const TARGETING_TYPES = ["MANUAL", "AUTO"] as const;

export function parseFilters(text: string | null): MetricFilter[] {
  if (!text) return [];
  return text.split("~").flatMap((part) => {
    const [metric, op, raw] = part.split(".");
    const value = Number(raw?.replace(",", "."));
    if (
      !(METRICS as readonly string[]).includes(metric ?? "") ||
      !(FILTER_OPS as readonly string[]).includes(op ?? "") ||
      raw === undefined ||
      raw === "" ||
      !Number.isFinite(value)
    )
      return [];
    return [{ metric: metric as MetricName, op: op as FilterOp, value }];
  });
}

export function formatFilters(filters: readonly MetricFilter[]): string {
  return filters.map((f) => `${f.metric}.${f.op}.${f.value}`).join("~");
}

/** How many rows a comparison shows side by side. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 6;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ids of the rows compared side by side, kept in the URL (`compare=id1,id2`, per-table
 * prefix) so a comparison can be reloaded and shared: well-formed ids only, each once, at most
 * COMPARE_MAX; fewer than COMPARE_MIN is no comparison.
 */
export function readCompare(params: URLSearchParams, prefix = ""): string[] {
  const ids = [
    ...new Set(
      (params.get(`${prefix}compare`) ?? "")
        .split(",")
        .map((id) => id.trim().toLowerCase())
        .filter((id) => UUID.test(id)),
    ),
  ].slice(0, COMPARE_MAX);
  return ids.length >= COMPARE_MIN ? ids : [];
}

export function readTableState(def: TableDef, params: URLSearchParams, prefix = ""): TableState {
  const get = (name: string) => params.get(`${prefix}${name}`);
  const sortColumn = get("sort");
  const sortable = def.columns.find((c) => c.key === sortColumn && c.order);
  const page = Math.max(1, Math.min(100_000, Number.parseInt(get("page") ?? "1", 10) || 1));
  const stateValue = get("state");
  const targeting = get("targeting");
  const cols = get("cols");
  return {
    sort: sortable
      ? { column: sortable.key, direction: get("dir") === "asc" ? "asc" : "desc" }
      : def.defaultSort,
    page,
    search: (get("q") ?? "").slice(0, 200),
    state: (STATES as readonly string[]).includes(stateValue ?? "") ? stateValue : null,
    targetingType: (TARGETING_TYPES as readonly string[]).includes(targeting ?? "")
      ? targeting
      : null,
    filters: def.withMetrics ? parseFilters(get("f")) : [],
    columns: cols ? cols.split(",").filter((key) => def.columns.some((c) => c.key === key)) : null,
    deltas: get("delta") === "1",
  };
}

export interface QueryContext {
  range: DateRange;
  currency: string | null;
  /** Scope filters (profile, campaign, adGroup, id[]). */
  scope: HydraQuery;
}

/** The API query for one page (or, with `all`, for every row: the export). */
export function apiQuery(
  def: TableDef,
  state: TableState,
  ctx: QueryContext,
  { all = false }: { all?: boolean } = {},
): HydraQuery {
  const query: Record<string, string | number | boolean | readonly string[]> = {};
  for (const [key, value] of Object.entries(ctx.scope)) {
    if (value !== null && value !== undefined) query[key] = value as string;
  }
  if (def.withMetrics) {
    query.from = ctx.range.from;
    query.to = ctx.range.to;
    query.compare = "previous";
    if (ctx.currency) query.currency = ctx.currency;
  }
  const column = def.columns.find((c) => c.key === state.sort.column);
  if (column?.order) query[`order[${column.order}]`] = state.sort.direction;
  if (state.search && def.filters.includes("search")) query.search = state.search;
  if (state.state) query.state = state.state;
  if (state.targetingType && def.filters.includes("targetingType"))
    query.targetingType = state.targetingType;
  for (const f of state.filters) {
    const value = toApiValue(f.metric, f.value);
    if (f.op === "eq") query[`${f.metric}[between]`] = `${value}..${value}`;
    else query[`${f.metric}[${f.op}]`] = value;
  }
  if (all) query.pagination = false;
  else {
    query.page = state.page;
    query.itemsPerPage = def.itemsPerPage;
  }
  return query;
}

/** The previous period, for labels ("compared with …"). */
export function comparedWith(range: DateRange) {
  return previousRange(range);
}
