import { SP_BIDDING_STRATEGIES } from "@starport/amazon";
import { ENTITY_STATES, SYNCED_ENTITIES, type SyncedEntityName, schema } from "@starport/db";

type ChangeField = schema.ChangeField;

import type { PgTable } from "drizzle-orm/pg-core";

/**
 * What Starport may change on which Amazon entity, in one place: the synced column a field reads
 * (old value, conflict guard), how its API value maps to that column, and how it is written into
 * Amazon's v3 update item. Values in the API: bid and budget in major units, placements in whole
 * percent, state as Amazon's ENABLED|PAUSED|ARCHIVED, dates YYYY-MM-DD.
 */

export type ChangeValue = string | number | null;
type Row = Record<string, unknown>;

export interface FieldDefinition {
  /** The synced row's current value in API terms. */
  read(row: Row): ChangeValue;
  /** Writes the value into the Amazon update item (the campaign's row fills what Amazon replaces as a whole). */
  write(item: Row, value: ChangeValue, row: Row): void;
}

const micros = (property: string) => ({
  read: (row: Row) => {
    const v = row[property];
    return v === null || v === undefined ? null : Number(v) / 1_000_000;
  },
});
const plain = (property: string) => ({
  read: (row: Row) => {
    const v = row[property];
    return v === null || v === undefined ? null : (v as string | number);
  },
});

const state: FieldDefinition = {
  ...plain("state"),
  write: (item, value) => {
    item.state = value;
  },
};
const name: FieldDefinition = {
  ...plain("name"),
  write: (item, value) => {
    item.name = value;
  },
};

/** Each placement's Amazon name and the synced column holding its adjustment. */
const PLACEMENTS = [
  ["PLACEMENT_TOP", "placementTopOfSearchPct"],
  ["PLACEMENT_PRODUCT_PAGE", "placementProductPagePct"],
  ["PLACEMENT_REST_OF_SEARCH", "placementRestOfSearchPct"],
] as const;

/**
 * Amazon replaces dynamicBidding as a whole: the strategy and every placement travel together,
 * so an update that omitted rest of search would erase its adjustment.
 */
function dynamicBidding(item: Row, row: Row): Row {
  const existing = item.dynamicBidding as Row | undefined;
  if (existing) return existing;
  const bidding: Row = {
    strategy: row.biddingStrategy ?? "LEGACY_FOR_SALES",
    placementBidding: PLACEMENTS.map(([placement, column]) => ({
      placement,
      percentage: Number(row[column] ?? 0),
    })),
  };
  item.dynamicBidding = bidding;
  return bidding;
}
const placement = (property: string, amazon: string): FieldDefinition => ({
  ...plain(property),
  write: (item, value, row) => {
    const bidding = dynamicBidding(item, row);
    for (const p of bidding.placementBidding as Row[])
      if (p.placement === amazon) p.percentage = Number(value);
  },
});

export const ENTITY_FIELDS: Readonly<
  Partial<Record<SyncedEntityName, Partial<Record<ChangeField, FieldDefinition>>>>
> = {
  campaigns: {
    state,
    name,
    budget: {
      ...micros("budgetMicros"),
      write: (item, value) => {
        item.budget = { budget: value, budgetType: "DAILY" };
      },
    },
    biddingStrategy: {
      ...plain("biddingStrategy"),
      write: (item, value, row) => {
        dynamicBidding(item, row).strategy = value;
      },
    },
    placementTopOfSearch: placement("placementTopOfSearchPct", "PLACEMENT_TOP"),
    placementProductPage: placement("placementProductPagePct", "PLACEMENT_PRODUCT_PAGE"),
    placementRestOfSearch: placement("placementRestOfSearchPct", "PLACEMENT_REST_OF_SEARCH"),
    startDate: {
      ...plain("startDate"),
      write: (item, value) => {
        item.startDate = value;
      },
    },
    endDate: {
      ...plain("endDate"),
      write: (item, value) => {
        item.endDate = value;
      },
    },
  },
  ad_groups: {
    state,
    name,
    bid: {
      ...micros("defaultBidMicros"),
      write: (item, value) => {
        item.defaultBid = value;
      },
    },
  },
  keywords: {
    state,
    bid: {
      ...micros("bidMicros"),
      write: (item, value) => {
        item.bid = value;
      },
    },
  },
  targets: {
    state,
    bid: {
      ...micros("bidMicros"),
      write: (item, value) => {
        item.bid = value;
      },
    },
  },
  negative_keywords: { state },
  negative_targets: { state },
  product_ads: { state },
};

export const CHANGE_ENTITY_TYPES = Object.keys(SYNCED_ENTITIES) as SyncedEntityName[];

export function fieldOf(entityType: string, field: string): FieldDefinition | undefined {
  return ENTITY_FIELDS[entityType as SyncedEntityName]?.[field as ChangeField];
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
