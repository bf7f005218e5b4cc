import { type DateRange, rangeFromParams, todayIn } from "../../../components/hangar/date-range.ts";

/**
 * The product list's URL state (filters, sort, page, date range, open product), one place for
 * the loader (which turns it into the API query) and the screen (which edits it).
 */

export const SORTABLE = [
  "title",
  "sku",
  "marketplace",
  "brand",
  "category",
  "price",
  "cost",
  "margin",
  "stock",
  "daysOfCover",
  "spend",
  "sales",
  "acos",
] as const;

export const FILTERS = [
  "search",
  "marketplace",
  "brand",
  "category",
  "tag",
  "collection",
  "stock",
  "priceMin",
  "priceMax",
  "hasCost",
] as const;

export const STOCK_STATUSES = ["in_stock", "low_cover", "out_of_stock"] as const;
export const PAGE_SIZES = ["25", "50", "100"] as const;

export interface ListState {
  filters: Partial<Record<(typeof FILTERS)[number], string>>;
  sort: string;
  direction: "asc" | "desc";
  page: number;
  itemsPerPage: number;
  /** The metrics' range: Hangar's presets or a custom range, in Amazon's days. */
  range: DateRange;
  from: string;
  to: string;
}

/**
 * The list's URL state. The range is Hangar's (`range`, `from`, `to`, see date-range.ts); an
 * address with only `from` and `to` (as the list wrote them before) is read as a custom range.
 */
export function readState(params: URLSearchParams, today?: string | null): ListState {
  const filters: ListState["filters"] = {};
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const rangeParams = new URLSearchParams(params);
  if (!params.has("range") && params.has("from") && params.has("to"))
    rangeParams.set("range", "custom");
  const range = rangeFromParams(rangeParams, today ?? todayIn("UTC"));
  const sort = params.get("sort") ?? "title";
  return {
    filters,
    sort: (SORTABLE as readonly string[]).includes(sort) ? sort : "title",
    direction: params.get("direction") === "desc" ? "desc" : "asc",
    page: Math.max(1, Number(params.get("page")) || 1),
    itemsPerPage: (PAGE_SIZES as readonly string[]).includes(params.get("perPage") ?? "")
      ? Number(params.get("perPage"))
      : 50,
    range,
    from: range.from,
    to: range.to,
  };
}

/** The API's filter parameters of a state: what "every matching product" means. */
export function filterQuery(state: ListState): Record<string, string> {
  const { priceMin, priceMax, ...rest } = state.filters;
  return {
    ...rest,
    ...(priceMin ? { "price[gte]": priceMin } : {}),
    ...(priceMax ? { "price[lte]": priceMax } : {}),
  };
}

/** The API query of a state (GET /api/catalogue/products). */
export function apiQuery(state: ListState, sellerProfile: string): Record<string, string> {
  return {
    sellerProfile,
    ...filterQuery(state),
    [`order[${state.sort}]`]: state.direction,
    page: String(state.page),
    itemsPerPage: String(state.itemsPerPage),
    from: state.from,
    to: state.to,
  };
}
