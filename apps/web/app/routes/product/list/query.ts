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

/**
 * The table's columns, once: translation key, shown by default (the defaults fit a 1280 px
 * screen; the SKU's cell also names the marketplace), and the export's fields for each (GET /api/catalogue/products?format=…&columns[]=…).
 * The choice lives in the URL (`cols=sku,price,…`, the screen also remembers it per user: see
 * use-columns.ts); the product's title is always shown.
 */
export const PRODUCT_COLUMNS = [
  { key: "title", label: "catalogue.columns.title", fixed: true, exportAs: ["title", "tags"] },
  {
    key: "sku",
    label: "catalogue.columns.sku",
    defaultVisible: true,
    exportAs: ["sku", "asin", "marketplace"],
  },
  { key: "marketplace", label: "catalogue.columns.marketplace" },
  { key: "brand", label: "catalogue.columns.brand" },
  {
    key: "price",
    label: "catalogue.columns.price",
    defaultVisible: true,
    exportAs: ["currency", "price"],
  },
  { key: "cost", label: "catalogue.columns.cost", exportAs: ["cost", "shippingCost"] },
  {
    key: "margin",
    label: "catalogue.columns.margin",
    defaultVisible: true,
    exportAs: ["margin", "marginRate"],
  },
  { key: "stock", label: "catalogue.columns.stock", exportAs: ["stock", "stockStatus"] },
  { key: "daysOfCover", label: "catalogue.columns.daysOfCover" },
  { key: "spend", label: "catalogue.columns.spend", defaultVisible: true },
  { key: "sales", label: "catalogue.columns.sales" },
  { key: "acos", label: "catalogue.columns.acos", defaultVisible: true },
  { key: "totalSales", label: "economics.totalSales" },
  { key: "tacos", label: "economics.tacos", defaultVisible: true },
  { key: "organicShare", label: "economics.organicShare" },
  {
    key: "goal",
    label: "catalogue.columns.goal",
    exportAs: ["goalMetric", "goal", "goalStatus"],
  },
] as const satisfies readonly {
  key: string;
  label: string;
  fixed?: boolean;
  defaultVisible?: boolean;
  exportAs?: readonly string[];
}[];

export type ProductColumnKey = (typeof PRODUCT_COLUMNS)[number]["key"];

/** The columns the URL's `cols` names (unknown names dropped), or the defaults; the title always. */
export function visibleColumns(params: URLSearchParams): ProductColumnKey[] {
  const chosen = params.get("cols")?.split(",");
  return PRODUCT_COLUMNS.filter(
    (c) => "fixed" in c || (chosen ? chosen.includes(c.key) : "defaultVisible" in c),
  ).map((c) => c.key);
}

/** The export's `columns[]` of the shown columns, in the table's order. */
export function exportColumns(visible: readonly string[]): string[] {
  const fields = PRODUCT_COLUMNS.filter((c) => visible.includes(c.key)).flatMap((c) =>
    "exportAs" in c ? [...c.exportAs] : [c.key],
  );
  return [...new Set(fields)];
}

/** Two addresses of the list that differ only in the shown columns (no data to read again). */
export function onlyColumnsChanged(current: URL, next: URL): boolean {
  if (current.search === next.search) return false;
  const withoutColumns = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("cols");
    params.sort();
    return params.toString();
  };
  return withoutColumns(current) === withoutColumns(next);
}

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
  /** The shown columns (`cols`). */
  columns: ProductColumnKey[];
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
    columns: visibleColumns(params),
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
