/**
 * Every Hangar table declared once: which API collection it reads, its columns (label key, how a
 * value is read from a member, how it is formatted, which `order[...]` sorts it) and which
 * filters it offers. The screens, the column chooser, the totals row and the export all derive
 * from these declarations. Pure data: loaders, components and the export route share it.
 */
import { METRIC_KIND, METRICS, type MetricName, type Metrics } from "./metrics.ts";

export type ColumnFormat = "text" | "state" | "money" | "count" | "ratio" | "multiple" | "flags";

export interface ColumnDef {
  key: string;
  /** i18n key of the header. */
  label: string;
  format: ColumnFormat;
  /** The API's `order[...]` name; absent: not sortable. */
  order?: string;
  /** A metric column (value from `metrics`, delta from `previousMetrics`, totals row). */
  metric?: MetricName;
  /** Reads the value of a plain column from a member. */
  value?: (row: HangarRow) => string | number | null;
  /** Shown before the seller picks columns. */
  defaultVisible?: boolean;
  /** Always shown (the name that identifies a row). */
  fixed?: boolean;
  /** The API fields an export writes for this column (default: its key). */
  exportAs?: string[];
  /** Editable inline: the change's field (issue 10; the value is the column's own). */
  edit?: EditField;
}

/** The fields a Hangar table edits through changes (CHANGES-CONTRACT). */
export type EditField = "bid" | "budget" | "state";

/** Bulk actions a table offers on its selected rows (CHANGES-CONTRACT bulk_changes). */
export type BulkKind =
  | "setBid"
  | "adjustBid"
  | "suggestedBid"
  | "setBudget"
  | "adjustBudget"
  | "pause"
  | "enable"
  | "archive";

/** How a table's rows are edited: the changes API's entity type and the bulk actions offered. */
export interface TableEditing {
  entityType:
    | "campaigns"
    | "ad_groups"
    | "keywords"
    | "targets"
    | "negative_keywords"
    | "negative_targets"
    | "product_ads";
  bulk: BulkKind[];
  /** The text that names a row in the tray and the history. */
  label: (row: HangarRow) => string;
}

export interface HangarRow {
  "@id": string;
  id?: string;
  metrics?: Metrics;
  previousMetrics?: Metrics;
  [field: string]: unknown;
}

export type TableFilter = "state" | "targetingType" | "search" | "metrics";

export interface TableDef {
  key: string;
  /** The API collection. */
  path: string;
  columns: ColumnDef[];
  filters: TableFilter[];
  /** With metrics (from/to sent; totals, deltas, metric sort and ranges). */
  withMetrics: boolean;
  defaultSort: { column: string; direction: "asc" | "desc" };
  itemsPerPage: number;
  /** Rows can be edited (inline and in bulk); absent: read-only. */
  editing?: TableEditing;
  /** Rows are search terms that can be added as keywords or negatives. */
  harvest?: boolean;
  /** Rows are entities the optimiser proposes for: a marker shows their open recommendations. */
  recommendations?: boolean;
}

const STATE_ACTIONS: BulkKind[] = ["pause", "enable", "archive"];
const BID_ACTIONS: BulkKind[] = ["setBid", "adjustBid"];

const str = (field: string) => (row: HangarRow) => {
  const value = row[field];
  return value === null || value === undefined ? null : String(value);
};
const num = (field: string) => (row: HangarRow) => {
  const value = row[field];
  return typeof value === "number" ? value : null;
};

export function metricColumns(visible: readonly MetricName[] = METRICS): ColumnDef[] {
  return METRICS.map((metric) => ({
    key: metric,
    label: `hangar.metric.${metric}`,
    format: METRIC_KIND[metric] === "money" ? "money" : METRIC_KIND[metric],
    order: metric,
    metric,
    defaultVisible: visible.includes(metric),
  }));
}

const state: ColumnDef = {
  key: "state",
  label: "hangar.column.state",
  format: "state",
  order: "state",
  value: str("state"),
  defaultVisible: true,
  edit: "state",
};

function placementText(row: HangarRow): string | null {
  const p = row.placementBidding as
    | { topOfSearch?: number | null; productPage?: number | null; restOfSearch?: number | null }
    | null
    | undefined;
  if (!p) return null;
  const part = (label: string, value: number | null | undefined) =>
    value ? `${label} +${value} %` : null;
  return (
    [part("TOS", p.topOfSearch), part("ROS", p.restOfSearch), part("PP", p.productPage)]
      .filter(Boolean)
      .join(" · ") || "–"
  );
}

const METRIC_DEFAULTS: MetricName[] = [
  "impressions",
  "clicks",
  "ctr",
  "cost",
  "cpc",
  "orders",
  "sales",
  "acos",
  "roas",
];

export const TABLES = {
  campaigns: {
    key: "campaigns",
    recommendations: true,
    path: "/api/campaigns",
    withMetrics: true,
    filters: ["state", "targetingType", "search", "metrics"],
    defaultSort: { column: "cost", direction: "desc" },
    itemsPerPage: 50,
    editing: {
      entityType: "campaigns",
      bulk: ["setBudget", "adjustBudget", ...STATE_ACTIONS],
      label: (row) => String(row.name ?? ""),
    },
    columns: [
      {
        key: "name",
        label: "hangar.column.campaign",
        format: "text",
        order: "name",
        value: str("name"),
        fixed: true,
      },
      state,
      {
        key: "targetingType",
        label: "hangar.column.targetingType",
        format: "text",
        order: "targetingType",
        value: str("targetingType"),
        defaultVisible: true,
      },
      {
        key: "budget",
        label: "hangar.column.budget",
        format: "money",
        order: "budget",
        value: num("budget"),
        defaultVisible: true,
        edit: "budget",
      },
      {
        key: "biddingStrategy",
        label: "hangar.column.biddingStrategy",
        format: "text",
        order: "biddingStrategy",
        value: str("biddingStrategy"),
      },
      {
        key: "placementBidding",
        label: "hangar.column.placementBidding",
        format: "text",
        value: placementText,
        exportAs: [
          "placementBidding.topOfSearch",
          "placementBidding.restOfSearch",
          "placementBidding.productPage",
        ],
      },
      ...metricColumns([...METRIC_DEFAULTS, "cvr"]),
    ],
  },
  adGroups: {
    key: "adGroups",
    recommendations: true,
    path: "/api/ad_groups",
    withMetrics: true,
    filters: ["state", "search", "metrics"],
    defaultSort: { column: "cost", direction: "desc" },
    itemsPerPage: 50,
    editing: {
      entityType: "ad_groups",
      bulk: [...BID_ACTIONS, ...STATE_ACTIONS],
      label: (row) => String(row.name ?? ""),
    },
    columns: [
      {
        key: "name",
        label: "hangar.column.adGroup",
        format: "text",
        order: "name",
        value: str("name"),
        fixed: true,
      },
      state,
      {
        key: "defaultBid",
        label: "hangar.column.defaultBid",
        format: "money",
        order: "defaultBid",
        value: num("defaultBid"),
        defaultVisible: true,
        edit: "bid",
      },
      ...metricColumns(METRIC_DEFAULTS),
    ],
  },
  keywords: {
    key: "keywords",
    recommendations: true,
    path: "/api/keywords",
    withMetrics: true,
    filters: ["state", "search", "metrics"],
    defaultSort: { column: "cost", direction: "desc" },
    itemsPerPage: 50,
    editing: {
      entityType: "keywords",
      bulk: [...BID_ACTIONS, "suggestedBid", ...STATE_ACTIONS],
      label: (row) => String(row.keywordText ?? ""),
    },
    columns: [
      {
        key: "keywordText",
        label: "hangar.column.keyword",
        format: "text",
        order: "keywordText",
        value: str("keywordText"),
        fixed: true,
      },
      {
        key: "matchType",
        label: "hangar.column.matchType",
        format: "text",
        order: "matchType",
        value: str("matchType"),
        defaultVisible: true,
      },
      state,
      {
        key: "bid",
        label: "hangar.column.bid",
        format: "money",
        order: "bid",
        value: num("bid"),
        defaultVisible: true,
        edit: "bid",
      },
      ...metricColumns(METRIC_DEFAULTS),
    ],
  },
  targets: {
    key: "targets",
    recommendations: true,
    path: "/api/targets",
    withMetrics: true,
    filters: ["state", "search", "metrics"],
    defaultSort: { column: "cost", direction: "desc" },
    itemsPerPage: 50,
    editing: {
      entityType: "targets",
      bulk: [...BID_ACTIONS, "suggestedBid", ...STATE_ACTIONS],
      label: (row) => String(row.expressionText ?? ""),
    },
    columns: [
      {
        key: "expressionText",
        label: "hangar.column.expression",
        format: "text",
        order: "expressionText",
        value: str("expressionText"),
        fixed: true,
      },
      state,
      {
        key: "bid",
        label: "hangar.column.bid",
        format: "money",
        order: "bid",
        value: num("bid"),
        defaultVisible: true,
        edit: "bid",
      },
      ...metricColumns(METRIC_DEFAULTS),
    ],
  },
  productAds: {
    key: "productAds",
    recommendations: true,
    path: "/api/product_ads",
    withMetrics: true,
    filters: ["state", "metrics"],
    defaultSort: { column: "cost", direction: "desc" },
    itemsPerPage: 50,
    editing: {
      entityType: "product_ads",
      bulk: STATE_ACTIONS,
      label: (row) => String(row.sku ?? row.asin ?? ""),
    },
    columns: [
      {
        key: "product",
        label: "hangar.column.product",
        format: "text",
        value: (row) => (row.product as { title?: string } | null)?.title ?? null,
        fixed: true,
        exportAs: ["product.title"],
      },
      {
        key: "asin",
        label: "hangar.column.asin",
        format: "text",
        order: "asin",
        value: str("asin"),
        defaultVisible: true,
      },
      {
        key: "sku",
        label: "hangar.column.sku",
        format: "text",
        order: "sku",
        value: str("sku"),
        defaultVisible: true,
      },
      state,
      ...metricColumns(METRIC_DEFAULTS),
    ],
  },
  searchTerms: {
    key: "searchTerms",
    path: "/api/search_terms",
    withMetrics: true,
    harvest: true,
    filters: ["search", "metrics"],
    defaultSort: { column: "cost", direction: "desc" },
    itemsPerPage: 50,
    columns: [
      {
        key: "searchTerm",
        label: "hangar.column.searchTerm",
        format: "text",
        order: "searchTerm",
        value: str("searchTerm"),
        fixed: true,
      },
      {
        key: "matchedText",
        label: "hangar.column.matchedBy",
        format: "text",
        value: str("matchedText"),
        defaultVisible: true,
      },
      {
        key: "flags",
        label: "hangar.column.flags",
        format: "flags",
        value: (row) =>
          [row.isKeyword ? "keyword" : null, row.isNegative ? "negative" : null]
            .filter(Boolean)
            .join(","),
        defaultVisible: true,
        exportAs: ["isKeyword", "isNegative"],
      },
      ...metricColumns(METRIC_DEFAULTS),
    ],
  },
  negativeKeywords: {
    key: "negativeKeywords",
    path: "/api/negative_keywords",
    withMetrics: false,
    filters: ["state"],
    defaultSort: { column: "keywordText", direction: "asc" },
    itemsPerPage: 50,
    editing: {
      entityType: "negative_keywords",
      bulk: ["archive"],
      label: (row) => String(row.keywordText ?? ""),
    },
    columns: [
      {
        key: "keywordText",
        label: "hangar.column.keyword",
        format: "text",
        value: str("keywordText"),
        fixed: true,
      },
      {
        key: "matchType",
        label: "hangar.column.matchType",
        format: "text",
        value: str("matchType"),
        defaultVisible: true,
      },
      {
        key: "level",
        label: "hangar.column.level",
        format: "text",
        value: str("level"),
        defaultVisible: true,
      },
      { ...state, order: undefined },
    ],
  },
  negativeTargets: {
    key: "negativeTargets",
    path: "/api/negative_targets",
    withMetrics: false,
    filters: ["state"],
    defaultSort: { column: "expressionText", direction: "asc" },
    itemsPerPage: 50,
    editing: {
      entityType: "negative_targets",
      bulk: ["archive"],
      label: (row) => String(row.expressionText ?? ""),
    },
    columns: [
      {
        key: "expressionText",
        label: "hangar.column.expression",
        format: "text",
        value: str("expressionText"),
        fixed: true,
      },
      {
        key: "level",
        label: "hangar.column.level",
        format: "text",
        value: str("level"),
        defaultVisible: true,
      },
      { ...state, order: undefined },
    ],
  },
} satisfies Record<string, TableDef>;

export type TableKey = keyof typeof TABLES;

export function tableDef(key: string): TableDef | undefined {
  return (TABLES as Record<string, TableDef>)[key];
}

/** The value of any column of a row (metric columns read `metrics`). */
export function cellValue(column: ColumnDef, row: HangarRow): string | number | null {
  if (column.metric) return row.metrics?.[column.metric] ?? null;
  return column.value?.(row) ?? null;
}
