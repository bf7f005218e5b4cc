import type { SyncedColumn, SyncedEntity, SyncSource } from "./synced-entity-declaration.ts";

/** Reading Amazon's v3 entities into rows of the synced tables, column by column as declared. */

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
