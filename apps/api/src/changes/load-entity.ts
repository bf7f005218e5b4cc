import { type Database, schema } from "@starport/db";
import { and, eq } from "drizzle-orm";
import type { Principal } from "../auth/principal.ts";
import { excerpt, NotFoundError } from "../errors.ts";
import { isUuid } from "../hydra/iri.ts";
import { CHANGE_ENTITY_TYPES, tableOf } from "./fields.ts";
import { inUuids } from "./uuid-list.ts";

/** A synced entity with its advertising profile (marketplace) and seller profile. */
export interface LoadedEntity {
  row: Record<string, unknown>;
  profile: typeof schema.advertisingProfiles.$inferSelect;
}

/** `uuid` or `/api/keywords/uuid` → uuid, else undefined. */
export function entityIdOf(entityType: string, value: string): string | undefined {
  const id = value.startsWith("/api/")
    ? value.startsWith(`/api/${entityType}/`)
      ? value.slice(`/api/${entityType}/`.length)
      : undefined
    : value;
  return id && isUuid(id) ? id : undefined;
}

/**
 * Synced entities by id, visible to the principal (a foreign or unknown id is missing from the
 * answer). One query per call, whatever the number of ids.
 */
export async function loadEntities(
  db: Database,
  principal: Principal,
  entityType: string,
  ids: readonly string[],
): Promise<Map<string, LoadedEntity>> {
  const found = new Map<string, LoadedEntity>();
  if (!CHANGE_ENTITY_TYPES.includes(entityType as never) || ids.length === 0) return found;
  const table = tableOf(entityType) as typeof schema.keywords;
  const p = schema.advertisingProfiles;
  const s = schema.sellerProfiles;
  const conditions = [inUuids(table.id, ids), eq(s.customerId, principal.customerId)];
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000);
    conditions[0] = inUuids(table.id, chunk);
    const rows = await db
      .select({ row: table, profile: p })
      .from(table)
      .innerJoin(p, eq(p.id, table.advertisingProfileId))
      .innerJoin(s, eq(s.id, p.sellerProfileId))
      .where(and(...conditions));
    for (const r of rows)
      found.set(String(r.row.id), { row: r.row as Record<string, unknown>, profile: r.profile });
  }
  return found;
}

export async function loadEntity(
  db: Database,
  principal: Principal,
  entityType: string,
  id: string,
): Promise<LoadedEntity> {
  const entity = (await loadEntities(db, principal, entityType, [id])).get(id);
  if (!entity) throw new NotFoundError(`Item not found for "${excerpt(id)}".`);
  return entity;
}
