import { type Database, schema } from "@starport/db";
import {
  type AdvertisingProfile,
  type AmazonAccess,
  adsClientFor,
  amazonErrorOf,
  type EntityResource,
  resourceOf,
  specOf,
} from "./amazon-access.ts";
import type { ApplyOptions } from "./apply-batch.ts";
import { markApplied, markFailed } from "./change-status.ts";
import { type ChangeValue, fieldOf, sameValue, tableOf } from "./fields.ts";
import { amazonIdOf, profileOf, syncedRows, upsertAccepted } from "./synced-state.ts";
import type { ChangeRow } from "./tray.ts";
import { inUuids } from "./uuid-list.ts";

/** The failure code of an update whose entity changed since Starport read it (the conflict guard). */
export const CONFLICT = "STARPORT_CONFLICT";

const c = schema.changes;

/** Sends one chunk of updates (state ARCHIVED goes through Amazon's archive call). */
export async function applyUpdates(
  db: Database,
  access: AmazonAccess,
  chunk: ChangeRow[],
  options: Pick<ApplyOptions, "afterCall">,
): Promise<void> {
  const first = chunk[0]!;
  const entityType = first.entityType;
  const profile = await profileOf(db, first.advertisingProfileId);
  const rows = await syncedRows(
    db,
    entityType,
    chunk.map((ch) => ch.entityId ?? "").filter(Boolean),
  );
  const gone: string[] = [];
  const conflicts: { id: string; current: ChangeValue }[] = [];
  // Per level (negatives live in two Amazon resources), per entity: one item with every field.
  const byLevel = new Map<string, Map<string, { item: Record<string, unknown>; ids: string[] }>>();
  const archives = new Map<string, Map<string, string[]>>();
  for (const change of chunk) {
    const row = change.entityId ? rows.get(change.entityId) : undefined;
    const def = change.field ? fieldOf(entityType, change.field) : undefined;
    if (!row || !def) {
      gone.push(change.id);
      continue;
    }
    const current = def.read(row);
    if (!sameValue(current, change.oldValue)) {
      conflicts.push({ id: change.id, current });
      continue;
    }
    const level = String(row.level ?? "");
    const amazonId = amazonIdOf(entityType, row);
    if (change.field === "state" && change.newValue === "ARCHIVED") {
      const group = archives.get(level) ?? new Map<string, string[]>();
      group.set(amazonId, [...(group.get(amazonId) ?? []), change.id]);
      archives.set(level, group);
      continue;
    }
    const group = byLevel.get(level) ?? new Map();
    const entry = group.get(amazonId) ?? {
      item: { [specOf(entityType).entity.amazonIdField]: amazonId },
      ids: [],
    };
    def.write(entry.item, change.newValue as ChangeValue, row);
    entry.ids.push(change.id);
    group.set(amazonId, entry);
    byLevel.set(level, group);
  }
  await markFailed(db, gone, "STARPORT_ENTITY_GONE", "The entity no longer exists in Starport.");
  for (const { id, current } of conflicts)
    await markFailed(
      db,
      [id],
      CONFLICT,
      JSON.stringify({
        message: "The value changed on Amazon since Starport read it.",
        current,
      }),
    );
  if (byLevel.size === 0 && archives.size === 0) return;
  const ads = await adsClientFor(db, access, profile);
  for (const [level, group] of byLevel) {
    const entries = [...group.values()];
    const resource: EntityResource = resourceOf(ads, specOf(entityType, level || null));
    const answer = await resource.update(
      profile.amazonProfileId,
      entries.map((e) => e.item),
      { returnRepresentation: true },
    );
    await options.afterCall?.();
    await record(
      db,
      entityType,
      level,
      profile,
      answer,
      entries.map((e) => e.ids),
    );
  }
  for (const [level, group] of archives) {
    const ids = [...group.keys()];
    const resource = resourceOf(ads, specOf(entityType, level || null));
    const answer = await resource.delete(profile.amazonProfileId, ids);
    await options.afterCall?.();
    await record(db, entityType, level, profile, answer, [...group.values()], "ARCHIVED");
  }
}

/** Reads a 207 answer: accepted → synced row + applied; refused → failed with Amazon's words. */
async function record(
  db: Database,
  entityType: string,
  level: string,
  profile: AdvertisingProfile,
  answer: {
    success: { index: number; entity?: unknown }[];
    error: { index: number; errors: unknown[] }[];
  },
  idsByIndex: string[][],
  archivedState?: string,
): Promise<void> {
  const applied: string[] = [];
  const entities: unknown[] = [];
  for (const s of answer.success) {
    applied.push(...(idsByIndex[s.index] ?? []));
    if (s.entity) entities.push(s.entity);
  }
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await upsertAccepted(t, entityType, level || null, profile, entities);
    if (archivedState && entities.length === 0 && applied.length) {
      // The archive call answers ids only: the synced rows take the state themselves.
      const table = tableOf(entityType) as typeof schema.keywords;
      const rowIds = (await t.select({ id: c.entityId }).from(c).where(inUuids(c.id, applied))).map(
        (r) => r.id as string,
      );
      await t.update(table).set({ state: archivedState }).where(inUuids(table.id, rowIds));
    }
    await markApplied(t, applied);
    for (const e of answer.error) {
      const { code, message } = amazonErrorOf(e.errors);
      await markFailed(t, idsByIndex[e.index] ?? [], code, message);
    }
  });
  const answered = new Set([...answer.success, ...answer.error].map((x) => x.index));
  const unanswered = idsByIndex.flatMap((ids, index) => (answered.has(index) ? [] : ids));
  await markFailed(db, unanswered, "AMAZON_NO_ANSWER", "Amazon gave no answer for this row.");
}
