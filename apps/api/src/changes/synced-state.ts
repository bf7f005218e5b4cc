import { type Database, schema } from "@starport/db";
import { upsertRows } from "@starport/sync";
import { eq } from "drizzle-orm";
import { type AdvertisingProfile, specOf } from "./amazon-access.ts";
import { tableOf } from "./fields.ts";
import { inUuids } from "./uuid-list.ts";

/** The synced side of a push: the rows a change compares against and updates once Amazon accepts. */

export async function profileOf(db: Database, id: string): Promise<AdvertisingProfile> {
  const [profile] = await db
    .select()
    .from(schema.advertisingProfiles)
    .where(eq(schema.advertisingProfiles.id, id));
  if (!profile) throw new Error(`advertising profile ${id} no longer exists`);
  return profile;
}

export async function syncedRows(db: Database, entityType: string, ids: readonly string[]) {
  const table = tableOf(entityType) as typeof schema.keywords;
  const rows = ids.length ? await db.select().from(table).where(inUuids(table.id, ids)) : [];
  return new Map(rows.map((r) => [r.id, r as unknown as Record<string, unknown>]));
}

/** The entity's id on Amazon, read from its synced row. */
export const amazonIdOf = (entityType: string, row: Record<string, unknown>) =>
  String(row[specOf(entityType).entity.amazonId]);

/** Updates the synced rows from the entities Amazon returned (only what it accepted). */
export async function upsertAccepted(
  db: Database,
  entityType: string,
  level: string | null | undefined,
  profile: AdvertisingProfile,
  entities: unknown[],
): Promise<void> {
  if (!entities.length) return;
  const spec = specOf(entityType, level);
  await upsertRows(
    db,
    spec.upsert,
    entities.map((e) => spec.toRow(e as Record<string, unknown>, profile.id)),
  );
}
