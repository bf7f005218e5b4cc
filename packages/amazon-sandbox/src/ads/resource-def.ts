/** Sponsored Products v3 entity resources: the shape each resource declares, and helpers they share. */
import type { Marketplace } from "../marketplaces.ts";
import { type Profile, todayOf, type World } from "../world.ts";
import type { ErrItem } from "./errors.ts";

export interface Ctx {
  world: World;
  profile: Profile;
  mp: Marketplace;
}

// biome-ignore lint/suspicious/noExplicitAny: entity maps are heterogeneous
type AnyEntity = any;
export type Item = Record<string, unknown>;
type Result = { entity: AnyEntity } | { errors: ErrItem[] };

/** SponsoredProductsCreateOrUpdateEntityState: every v3 create/update accepts these and stores them as sent. */
export const WRITABLE_STATES = ["ENABLED", "PAUSED", "PROPOSED"] as const;

export function stamp(world: World): string {
  return `${todayOf(world)}T00:00:00.000Z`;
}

export function nameTaken(
  items: Iterable<{ name: string; state: string }>,
  name: string,
  except?: AnyEntity,
): boolean {
  for (const it of items)
    if (it !== except && it.state !== "ARCHIVED" && it.name === name) return true;
  return false;
}

export interface ResourceDef {
  path: string;
  mediaType: string;
  key: string;
  idField: string;
  successIdField: string;
  successObjField: string;
  deleteFilter: string;
  entityType: string;
  store: (w: World) => Map<string, AnyEntity>;
  create: (ctx: Ctx, item: Item, loc: string) => Result;
  /** Validates and applies an update; returns errors or the entity. */
  update: (ctx: Ctx, entity: AnyEntity, item: Item, loc: string) => Result;
  canArchive?: (entity: AnyEntity, loc: string) => ErrItem | undefined;
  toJson: (entity: AnyEntity, ctx: Ctx, extended: boolean) => Record<string, unknown>;
  /** list filter name → entity field for `{include: [...]}` id filters. */
  idFilters: Record<string, string>;
  textFilter?: { name: string; field: string };
  matchTypeFilter?: boolean;
}

export function extended(
  e: { created: string; updated: string; state: string },
  kind: string,
): Record<string, unknown> {
  const servingStatus =
    e.state === "ENABLED"
      ? `${kind}_STATUS_ENABLED`
      : e.state === "PAUSED"
        ? `${kind}_PAUSED`
        : e.state === "ARCHIVED"
          ? `${kind}_ARCHIVED`
          : "OTHER"; // PROPOSED: not serving, no dedicated serving status in the model
  return {
    creationDateTime: e.created,
    lastUpdateDateTime: e.updated,
    servingStatus,
    servingStatusDetails: [],
  };
}
