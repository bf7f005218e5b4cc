import { getTableColumns, getTableName } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  adGroups,
  campaigns,
  keywords,
  negativeKeywords,
  negativeTargets,
  productAds,
  targets,
} from "./schema/advertising.ts";

/**
 * The entities synced from Amazon Ads, each declared once: its table, its Amazon id column, the
 * `entity_type` of its daily facts, its parent links and, for every column it stores, where the
 * value comes from in Amazon's v3 entity. The sync's upserts, row mapping, archiving, write-back
 * and checksums, and the API's metrics joins are derived from these declarations, so renaming or
 * adding a column fails to compile until its declaration follows.
 */

/** Where a column's value comes from in an Amazon v3 entity (or how it is computed from it). */
export type Wire =
  /** A (dotted) field path; converted to the column's SQL type; `values`: what Amazon may send. */
  | { kind: "field"; path: string; fallback?: string | number; values?: readonly string[] }
  /** Major units at `path`, stored as micros. */
  | { kind: "money"; path: string; fallback?: number }
  /** The level of the Amazon resource the row came from ("adGroup" or "campaign"). */
  | { kind: "level" }
  /** dynamicBidding.placementBidding's percentage for one placement (0 when absent). */
  | { kind: "placement"; placement: AmazonPlacement }
  /** A targeting expression at `path`, written as Amazon writes it (`asin="B0…"`, `close-match`). */
  | { kind: "expressionText"; path: string };

export type AmazonPlacement =
  | "PLACEMENT_TOP"
  | "PLACEMENT_PRODUCT_PAGE"
  | "PLACEMENT_REST_OF_SEARCH";

/** The states of every Ads entity. */
export const ENTITY_STATES = ["ENABLED", "PAUSED", "ARCHIVED"] as const;
/** The levels of a negative keyword or target (the `level` wire). */
export const NEGATIVE_LEVELS = ["adGroup", "campaign"] as const;

export const wire = {
  field: (path: string, fallback?: string | number): Wire =>
    fallback === undefined ? { kind: "field", path } : { kind: "field", path, fallback },
  /** A field with a closed set of values (documented as an enum by the API). */
  oneOf: (path: string, values: readonly string[]): Wire => ({ kind: "field", path, values }),
  money: (path: string, fallback?: number): Wire =>
    fallback === undefined ? { kind: "money", path } : { kind: "money", path, fallback },
  level: (): Wire => ({ kind: "level" }),
  placement: (placement: AmazonPlacement): Wire => ({ kind: "placement", placement }),
  expressionText: (path: string): Wire => ({ kind: "expressionText", path }),
} as const;

/** `entity_type` of ad_performance_daily. */
export type FactsEntityType = "campaign" | "ad_group" | "keyword" | "target" | "product_ad";
/** A parent a row links to by its Amazon id (the `campaign_id` / `ad_group_id` columns). */
export type ParentLink = "campaign" | "adGroup";
/** The Amazon Ads client resource (`ads.<name>`) listing one kind of entity. */
export type AmazonAdsResource =
  | "campaigns"
  | "adGroups"
  | "keywords"
  | "negativeKeywords"
  | "campaignNegativeKeywords"
  | "targets"
  | "negativeTargets"
  | "campaignNegativeTargets"
  | "productAds";

type Columns<T extends PgTable> = T["_"]["columns"];
type ColumnKey<T extends PgTable> = keyof Columns<T> & string;
/** Columns Starport fills itself: its id, the owner, the sync time and the parent ids. */
type Managed = "id" | "advertisingProfileId" | "syncedAt" | "campaignId" | "adGroupId";

export interface SyncSource {
  /** Name of the sync step (and of the API path for the first source). */
  step: string;
  resource: AmazonAdsResource;
  /** For tables shared by ad-group and campaign level resources (negatives). */
  level?: "adGroup" | "campaign";
}

export interface SyncedEntityDeclaration<T extends PgTable> {
  table: T;
  /** The column holding Amazon's id of the entity. */
  amazonId: ColumnKey<T>;
  /** Amazon's name of that id in v3 entities and reports (campaignId, keywordId …). */
  amazonIdField: string;
  /** The natural key within a profile (the Amazon id, and the level for negatives). */
  key: readonly ColumnKey<T>[];
  /** Its daily facts in ad_performance_daily, when Amazon reports it. */
  factsType?: FactsEntityType;
  parents: readonly ParentLink[];
  sources: readonly SyncSource[];
  /** Every stored column and where it comes from; the compiler insists on all of them. */
  wire: { [K in Exclude<ColumnKey<T>, Managed>]: Wire };
  /** What Starport may change on Amazon (changes, apps/api/src/changes): the columns of bid and budget. */
  writable?: { bid?: ColumnKey<T>; budget?: ColumnKey<T> };
}

export interface SyncedColumn {
  /** Drizzle property (camelCase). */
  property: string;
  /** SQL column name. */
  name: string;
  /** SQL type as PostgreSQL names it (text, bigint, integer, date, jsonb, uuid). */
  sqlType: string;
  notNull: boolean;
  wire: Wire;
  column: PgColumn;
}

/** A declaration with what is derived from it (the non-generic part is shared by every entity). */
export interface SyncedEntity<T extends PgTable = PgTable> {
  name: SyncedEntityName;
  table: T;
  amazonId: string;
  amazonIdField: string;
  factsType?: FactsEntityType;
  parents: readonly ParentLink[];
  sources: readonly SyncSource[];
  writable?: { bid?: string; budget?: string };
  tableName: string;
  /** The Amazon id column itself (for joins with the facts: `amazon_id = <this>`). */
  amazonIdColumn: PgColumn;
  amazonIdColumnName: string;
  /** SQL names of the key columns (without the profile). */
  keyColumnNames: readonly string[];
  /** The stored columns in declaration order. */
  columns: readonly SyncedColumn[];
}

function defineSyncedEntity<
  T extends PgTable,
  const F extends FactsEntityType | undefined = undefined,
>(
  name: SyncedEntityName,
  d: SyncedEntityDeclaration<T> & { factsType?: F },
): SyncedEntity<T> & { factsType: F } {
  const all = getTableColumns(d.table) as Record<string, PgColumn>;
  const column = (property: string): PgColumn => {
    const c = all[property];
    if (!c) throw new Error(`${name}: no column ${property}`);
    return c;
  };
  const amazonIdColumn = column(d.amazonId);
  return {
    name,
    table: d.table,
    amazonId: d.amazonId,
    amazonIdField: d.amazonIdField,
    factsType: d.factsType as F,
    parents: d.parents,
    sources: d.sources,
    ...(d.writable ? { writable: d.writable } : {}),
    tableName: getTableName(d.table),
    amazonIdColumn,
    amazonIdColumnName: amazonIdColumn.name,
    keyColumnNames: d.key.map((k) => column(k).name),
    columns: Object.entries(d.wire as Record<string, Wire>).map(([property, w]) => {
      const c = column(property);
      return {
        property,
        name: c.name,
        sqlType: c.getSQLType(),
        notNull: c.notNull,
        wire: w,
        column: c,
      };
    }),
  };
}

export type SyncedEntityName =
  | "campaigns"
  | "ad_groups"
  | "keywords"
  | "negative_keywords"
  | "targets"
  | "negative_targets"
  | "product_ads";

const campaignEntity = defineSyncedEntity("campaigns", {
  table: campaigns,
  amazonId: "amazonCampaignId",
  amazonIdField: "campaignId",
  key: ["amazonCampaignId"],
  factsType: "campaign",
  parents: [],
  sources: [{ step: "campaigns", resource: "campaigns" }],
  wire: {
    amazonCampaignId: wire.field("campaignId"),
    name: wire.field("name"),
    state: wire.oneOf("state", ENTITY_STATES),
    targetingType: wire.field("targetingType"),
    budgetMicros: wire.money("budget.budget", 0),
    budgetType: wire.field("budget.budgetType", "DAILY"),
    startDate: wire.field("startDate"),
    endDate: wire.field("endDate"),
    biddingStrategy: wire.field("dynamicBidding.strategy"),
    portfolioId: wire.field("portfolioId"),
    placementTopOfSearchPct: wire.placement("PLACEMENT_TOP"),
    placementProductPagePct: wire.placement("PLACEMENT_PRODUCT_PAGE"),
    placementRestOfSearchPct: wire.placement("PLACEMENT_REST_OF_SEARCH"),
  },
  writable: { budget: "budgetMicros" },
});

const adGroupEntity = defineSyncedEntity("ad_groups", {
  table: adGroups,
  amazonId: "amazonAdGroupId",
  amazonIdField: "adGroupId",
  key: ["amazonAdGroupId"],
  factsType: "ad_group",
  parents: ["campaign"],
  sources: [{ step: "ad_groups", resource: "adGroups" }],
  wire: {
    amazonAdGroupId: wire.field("adGroupId"),
    amazonCampaignId: wire.field("campaignId"),
    name: wire.field("name"),
    state: wire.oneOf("state", ENTITY_STATES),
    defaultBidMicros: wire.money("defaultBid", 0),
  },
  writable: { bid: "defaultBidMicros" },
});

const keywordEntity = defineSyncedEntity("keywords", {
  table: keywords,
  amazonId: "amazonKeywordId",
  amazonIdField: "keywordId",
  key: ["amazonKeywordId"],
  factsType: "keyword",
  parents: ["campaign", "adGroup"],
  sources: [{ step: "keywords", resource: "keywords" }],
  wire: {
    amazonKeywordId: wire.field("keywordId"),
    amazonCampaignId: wire.field("campaignId"),
    amazonAdGroupId: wire.field("adGroupId"),
    keywordText: wire.field("keywordText"),
    matchType: wire.field("matchType"),
    state: wire.oneOf("state", ENTITY_STATES),
    bidMicros: wire.money("bid"),
  },
  writable: { bid: "bidMicros" },
});

const negativeKeywordEntity = defineSyncedEntity("negative_keywords", {
  table: negativeKeywords,
  amazonId: "amazonKeywordId",
  amazonIdField: "keywordId",
  key: ["level", "amazonKeywordId"],
  parents: ["campaign", "adGroup"],
  sources: [
    { step: "negative_keywords", resource: "negativeKeywords", level: "adGroup" },
    {
      step: "campaign_negative_keywords",
      resource: "campaignNegativeKeywords",
      level: "campaign",
    },
  ],
  wire: {
    amazonKeywordId: wire.field("keywordId"),
    level: wire.level(),
    amazonCampaignId: wire.field("campaignId"),
    amazonAdGroupId: wire.field("adGroupId"),
    keywordText: wire.field("keywordText"),
    matchType: wire.field("matchType"),
    state: wire.oneOf("state", ENTITY_STATES),
  },
});

const targetEntity = defineSyncedEntity("targets", {
  table: targets,
  amazonId: "amazonTargetId",
  amazonIdField: "targetId",
  key: ["amazonTargetId"],
  factsType: "target",
  parents: ["campaign", "adGroup"],
  sources: [{ step: "targets", resource: "targets" }],
  wire: {
    amazonTargetId: wire.field("targetId"),
    amazonCampaignId: wire.field("campaignId"),
    amazonAdGroupId: wire.field("adGroupId"),
    expressionType: wire.field("expressionType", "MANUAL"),
    expression: wire.field("expression"),
    expressionText: wire.expressionText("expression"),
    state: wire.oneOf("state", ENTITY_STATES),
    bidMicros: wire.money("bid"),
  },
  writable: { bid: "bidMicros" },
});

const negativeTargetEntity = defineSyncedEntity("negative_targets", {
  table: negativeTargets,
  amazonId: "amazonTargetId",
  amazonIdField: "targetId",
  key: ["level", "amazonTargetId"],
  parents: ["campaign", "adGroup"],
  sources: [
    { step: "negative_targets", resource: "negativeTargets", level: "adGroup" },
    { step: "campaign_negative_targets", resource: "campaignNegativeTargets", level: "campaign" },
  ],
  wire: {
    amazonTargetId: wire.field("targetId"),
    level: wire.level(),
    amazonCampaignId: wire.field("campaignId"),
    amazonAdGroupId: wire.field("adGroupId"),
    expression: wire.field("expression"),
    expressionText: wire.expressionText("expression"),
    state: wire.oneOf("state", ENTITY_STATES),
  },
});

const productAdEntity = defineSyncedEntity("product_ads", {
  table: productAds,
  amazonId: "amazonAdId",
  amazonIdField: "adId",
  key: ["amazonAdId"],
  factsType: "product_ad",
  parents: ["campaign", "adGroup"],
  sources: [{ step: "product_ads", resource: "productAds" }],
  wire: {
    amazonAdId: wire.field("adId"),
    amazonCampaignId: wire.field("campaignId"),
    amazonAdGroupId: wire.field("adGroupId"),
    sku: wire.field("sku"),
    asin: wire.field("asin"),
    state: wire.oneOf("state", ENTITY_STATES),
  },
  writable: {},
});

/** Every synced Ads entity by its name (the `/api/<name>` path and the sync step). */
export const SYNCED_ENTITIES = {
  campaigns: campaignEntity,
  ad_groups: adGroupEntity,
  keywords: keywordEntity,
  negative_keywords: negativeKeywordEntity,
  targets: targetEntity,
  negative_targets: negativeTargetEntity,
  product_ads: productAdEntity,
} as const;

const _allNamed: Record<SyncedEntityName, SyncedEntity> = SYNCED_ENTITIES;
void _allNamed;

/** The entities with daily facts (metrics), in parent-to-child order. */
export const FACT_ENTITIES = [
  campaignEntity,
  adGroupEntity,
  keywordEntity,
  targetEntity,
  productAdEntity,
] as const;
export type FactEntityName = (typeof FACT_ENTITIES)[number]["name"];

/** The entities Starport writes back to Amazon (state, and bid or budget where declared). */
export const WRITABLE_ENTITY_NAMES = Object.values(SYNCED_ENTITIES)
  .filter((e) => e.writable !== undefined)
  .map((e) => e.name);

// ---- reading Amazon's entities ---------------------------------------------------------------

/** Major units → micros (Amazon sends decimals; Starport stores integers). */
export const toMicros = (value: unknown): number | null => {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 1_000_000) : null;
};

interface Predicate {
  type: string;
  value?: string;
}

/** Amazon's report names of the automatic targeting groups. */
const AUTO_TARGETING_TEXT: Record<string, string> = {
  QUERY_HIGH_REL_MATCHES: "close-match",
  QUERY_BROAD_REL_MATCHES: "loose-match",
  ASIN_SUBSTITUTE_RELATED: "substitutes",
  ASIN_ACCESSORY_RELATED: "complements",
};

/**
 * `asin="B0…"`, `category="123" brand="456"`, `close-match`: how Amazon writes targeting
 * expressions in its reports and console (`ASIN_SAME_AS` is `asin`, `ASIN_PRICE_LESS_THAN` is
 * `price-less-than`), not the API's predicate names.
 */
export function expressionText(expression: readonly Predicate[] | undefined): string {
  return (expression ?? [])
    .map((p) => {
      // v3 writes ASIN_SAME_AS, v2 asinSameAs.
      const name = p.type.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();
      const auto = AUTO_TARGETING_TEXT[name];
      if (auto) return auto;
      const type = name
        .replace(/_SAME_AS$/, "")
        .replace(/^ASIN_/, "")
        .replace(/_/g, "-")
        .toLowerCase();
      return p.value === undefined ? type : `${type}="${p.value}"`;
    })
    .join(" ");
}

function at(entity: Record<string, unknown>, path: string): unknown {
  let value: unknown = entity;
  for (const part of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function cast(column: SyncedColumn, value: unknown): unknown {
  if (value === undefined || value === null || value === "") {
    if (!column.notNull) return null;
    if (column.sqlType === "jsonb") return [];
    return column.sqlType === "text" ? "" : 0;
  }
  switch (column.sqlType) {
    case "bigint":
    case "integer":
      return Number(value);
    case "jsonb":
      return value;
    default:
      return String(value);
  }
}

/** The value of one column for an Amazon entity. */
export function readWire(
  column: SyncedColumn,
  entity: Record<string, unknown>,
  source: SyncSource,
): unknown {
  const w = column.wire;
  switch (w.kind) {
    case "field":
      return cast(column, at(entity, w.path) ?? w.fallback);
    case "money":
      return toMicros(at(entity, w.path)) ?? (column.notNull ? (w.fallback ?? 0) : null);
    case "level":
      return source.level ?? null;
    case "placement": {
      const list = at(entity, "dynamicBidding.placementBidding");
      const hit = Array.isArray(list)
        ? (list as { placement?: string; percentage?: number }[]).find(
            (p) => p.placement === w.placement,
          )
        : undefined;
      return Number(hit?.percentage ?? 0);
    }
    case "expressionText":
      return expressionText(at(entity, w.path) as Predicate[] | undefined);
  }
}

/** An Amazon entity as a row of its table (SQL column names), owned by an advertising profile. */
export function rowFromAmazon(
  entity: SyncedEntity,
  source: SyncSource,
  amazonEntity: Record<string, unknown>,
  advertisingProfileId: string,
): Record<string, unknown> {
  const row: Record<string, unknown> = { advertising_profile_id: advertisingProfileId };
  for (const column of entity.columns) row[column.name] = readWire(column, amazonEntity, source);
  return row;
}

/** The Amazon field path a column is read from (write-back sends changes to the same field). */
export function amazonFieldOf(entity: SyncedEntity, property: string): string | undefined {
  const w = entity.columns.find((c) => c.property === property)?.wire;
  return w && (w.kind === "field" || w.kind === "money") ? w.path : undefined;
}

export interface EntityField {
  /** Drizzle property of the column. */
  property: string;
  column: PgColumn;
  /** Name for the API: money columns lose their `Micros` suffix (`budgetMicros` → `budget`). */
  field: string;
  kind: "text" | "money" | "integer" | "date" | "json" | "placement";
  nullable: boolean;
  /** A closed set of text values (states, levels). */
  values?: readonly string[];
  /** For kind placement: which placement's adjustment. */
  placement?: AmazonPlacement;
}

/**
 * The stored columns as an API would show them (for deriving output schemas): money in major
 * units, placement adjustments (the API groups them as placementBidding), the rest as stored.
 */
export function entityFields(entity: SyncedEntity): EntityField[] {
  return entity.columns.map((c) => ({
    property: c.property,
    column: c.column,
    field: c.wire.kind === "money" ? c.property.replace(/Micros$/, "") : c.property,
    kind:
      c.wire.kind === "money" || c.wire.kind === "placement"
        ? c.wire.kind
        : c.sqlType === "jsonb"
          ? "json"
          : c.sqlType === "date"
            ? "date"
            : c.sqlType === "integer" || c.sqlType === "bigint"
              ? "integer"
              : "text",
    nullable: !c.notNull,
    ...(c.wire.kind === "field" && c.wire.values ? { values: c.wire.values } : {}),
    ...(c.wire.kind === "level" ? { values: NEGATIVE_LEVELS } : {}),
    ...(c.wire.kind === "placement" ? { placement: c.wire.placement } : {}),
  }));
}
