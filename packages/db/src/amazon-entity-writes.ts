import type { ChangeField } from "./schema/changes.ts";
import type { SyncedColumn, SyncedEntity, Wire } from "./synced-entity-declaration.ts";

/**
 * Writing Starport's changes into Amazon's v3 update items, through the same wire a column is
 * read from (amazon-entity-rows.ts reads): a change goes back to the field it came from. Values
 * are in the API's terms: money in major units, placements in whole percent.
 */

export type WriteValue = string | number | null;
type Item = Record<string, unknown>;

/** The object at `key` of `parent`, created when absent. */
function child(parent: Item, key: string): Item {
  parent[key] ??= {};
  return parent[key] as Item;
}

/** A change field's column on an entity, if the entity declares the field writable. */
export function writableColumn(entity: SyncedEntity, field: ChangeField): SyncedColumn | undefined {
  const property = entity.writable?.[field];
  return property === undefined ? undefined : entity.columns.find((c) => c.property === property);
}

/** A stored column's value in the API's terms (money in major units). */
export function apiValueOf(column: SyncedColumn, row: Record<string, unknown>): WriteValue {
  const value = row[column.property];
  if (value === null || value === undefined) return null;
  if (column.wire.kind === "money") return Number(value) / 1_000_000;
  return typeof value === "number"
    ? value
    : typeof value === "bigint"
      ? Number(value)
      : String(value);
}

/** The top-level field of the Amazon entity a wire lives in (null: not from a field). */
function rootOf(w: Wire): string | null {
  switch (w.kind) {
    case "field":
    case "money":
    case "expressionText":
      return w.path.split(".")[0]!;
    case "placement":
      return "dynamicBidding";
    case "level":
      return null;
  }
}

/** Whether the wire lives inside an object (Amazon replaces such objects as a whole). */
const nested = (w: Wire) => w.kind === "placement" || ("path" in w && w.path.includes("."));

function put(item: Item, column: SyncedColumn, value: WriteValue): void {
  const w = column.wire;
  if (w.kind === "placement") {
    const bidding = child(item, "dynamicBidding");
    bidding.placementBidding ??= [];
    const list = bidding.placementBidding as Item[];
    const percentage = Number(value ?? 0);
    const hit = list.find((p) => p.placement === w.placement);
    if (hit) hit.percentage = percentage;
    else list.push({ placement: w.placement, percentage });
    return;
  }
  if (w.kind !== "field" && w.kind !== "money")
    throw new Error(`${column.property}: a ${w.kind} wire cannot be written to Amazon`);
  const parts = w.path.split(".");
  let target = item;
  for (const part of parts.slice(0, -1)) target = child(target, part);
  target[parts.at(-1)!] = value ?? (w.kind === "field" ? (w.fallback ?? null) : null);
}

/**
 * Writes one column's new value into an update item. An object Amazon replaces as a whole
 * (`budget`, `dynamicBidding` with the strategy and every placement) is first filled from all the
 * columns wired into it, so changing one part never erases another (e.g. rest of search when the
 * strategy changes).
 */
export function writeWire(
  entity: SyncedEntity,
  item: Item,
  column: SyncedColumn,
  value: WriteValue,
  row: Record<string, unknown>,
): void {
  const root = rootOf(column.wire);
  if (root !== null && nested(column.wire) && item[root] === undefined)
    for (const sibling of entity.columns)
      if (rootOf(sibling.wire) === root && nested(sibling.wire))
        put(item, sibling, apiValueOf(sibling, row));
  put(item, column, value);
}
