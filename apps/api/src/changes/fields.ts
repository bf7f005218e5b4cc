import { SP_BIDDING_STRATEGIES } from "@starport/amazon";
import {
  apiValueOf,
  ENTITY_STATES,
  SYNCED_ENTITIES,
  type SyncedEntityName,
  schema,
  type WriteValue,
  writableColumn,
  writeWire,
} from "@starport/db";
import type { PgTable } from "drizzle-orm/pg-core";

type ChangeField = schema.ChangeField;

/**
 * What Starport may change on which Amazon entity comes from the synced-entity declarations
 * (packages/db synced-entities.ts, `writable`): the column a field reads (old value, conflict
 * guard) and, through that column's wire, where the value goes in Amazon's v3 update item. Values
 * in the API: bid and budget in major units, placements in whole percent, state as Amazon's
 * ENABLED|PAUSED|ARCHIVED, dates YYYY-MM-DD.
 */

export type ChangeValue = WriteValue;
type Row = Record<string, unknown>;

export interface FieldDefinition {
  /** The synced row's current value in API terms. */
  read(row: Row): ChangeValue;
  /** Writes the value into the Amazon update item (the row fills what Amazon replaces as a whole). */
  write(item: Row, value: ChangeValue, row: Row): void;
}

function fieldsOf(name: SyncedEntityName): Partial<Record<ChangeField, FieldDefinition>> {
  const entity = SYNCED_ENTITIES[name];
  const fields: Partial<Record<ChangeField, FieldDefinition>> = {};
  for (const field of schema.CHANGE_FIELDS) {
    const column = writableColumn(entity, field);
    if (!column) continue;
    fields[field] = {
      read: (row) => apiValueOf(column, row),
      write: (item, value, row) => writeWire(entity, item, column, value, row),
    };
  }
  return fields;
}

export const ENTITY_FIELDS: Readonly<
  Record<SyncedEntityName, Partial<Record<ChangeField, FieldDefinition>>>
> = Object.fromEntries(
  (Object.keys(SYNCED_ENTITIES) as SyncedEntityName[]).map((name) => [name, fieldsOf(name)]),
) as Record<SyncedEntityName, Partial<Record<ChangeField, FieldDefinition>>>;

export const CHANGE_ENTITY_TYPES = Object.keys(SYNCED_ENTITIES) as SyncedEntityName[];

export function fieldOf(entityType: string, field: string): FieldDefinition | undefined {
  // Own keys only: a field named after an Object.prototype member is no field.
  if (!Object.hasOwn(SYNCED_ENTITIES, entityType)) return undefined;
  const fields = ENTITY_FIELDS[entityType as SyncedEntityName];
  return Object.hasOwn(fields, field) ? fields[field as ChangeField] : undefined;
}

export function tableOf(entityType: string): PgTable {
  return SYNCED_ENTITIES[entityType as SyncedEntityName].table;
}

/** The label a tray row shows: keyword text, campaign or ad group name, targeting expression, SKU. */
export function labelOf(entityType: string, row: Row | undefined): string | null {
  if (!row) return null;
  switch (entityType) {
    case "campaigns":
    case "ad_groups":
      return String(row.name ?? "");
    case "keywords":
    case "negative_keywords":
      return String(row.keywordText ?? "");
    case "targets":
    case "negative_targets":
      return String(row.expressionText ?? "");
    case "product_ads":
      return String(row.sku ?? row.asin ?? "");
    default:
      return null;
  }
}

/** Equality of API values (numbers compared to the micro). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number")
    return Math.round(a * 1_000_000) === Math.round(b * 1_000_000);
  return (a ?? null) === (b ?? null);
}

/** The states of every Ads entity, as their declarations (packages/db synced-entities) name them. */
export const STATES = ENTITY_STATES;
export const BIDDING_STRATEGIES = SP_BIDDING_STRATEGIES;
export { schema };
