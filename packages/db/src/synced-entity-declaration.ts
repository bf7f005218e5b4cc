import { getTableColumns, getTableName } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ChangeField } from "./schema/changes.ts";

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
  /**
   * What Starport may change on Amazon (changes, apps/api/src/changes): each change field and the
   * column it reads; the value is written back through that column's wire (amazon-entity-writes.ts).
   */
  writable?: Partial<Record<ChangeField, ColumnKey<T>>>;
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
  writable?: Partial<Record<ChangeField, string>>;
  tableName: string;
  /** The Amazon id column itself (for joins with the facts: `amazon_id = <this>`). */
  amazonIdColumn: PgColumn;
  amazonIdColumnName: string;
  /** SQL names of the key columns (without the profile). */
  keyColumnNames: readonly string[];
  /** The stored columns in declaration order. */
  columns: readonly SyncedColumn[];
}

/** Derives an entity's columns and key names from its declaration (fails on an unknown column). */
export function defineSyncedEntity<
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
