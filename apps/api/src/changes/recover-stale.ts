import { type Database, schema } from "@starport/db";
import { and, eq, lt } from "drizzle-orm";
import { type AmazonAccess, adsClientFor, resourceOf, specOf } from "./amazon-access.ts";
import { recoverCreations } from "./apply-creations.ts";
import { backToPending, markApplied } from "./change-status.ts";
import { fieldOf, sameValue } from "./fields.ts";
import { amazonIdOf, profileOf, syncedRows, upsertAccepted } from "./synced-state.ts";
import type { ChangeRow } from "./tray.ts";

const c = schema.changes;

/**
 * Rows a dead run left `applying`: read back from Amazon; where Amazon has the new value they
 * are applied (and the synced row follows), else they go back to pending to be sent again.
 */
export async function recoverStale(
  db: Database,
  access: AmazonAccess,
  batchId: string,
  staleAfterMs: number,
): Promise<void> {
  const stale = await db
    .select()
    .from(c)
    .where(
      and(
        eq(c.batchId, batchId),
        eq(c.status, "applying"),
        lt(c.updatedAt, new Date(Date.now() - staleAfterMs)),
      ),
    );
  if (!stale.length) return;
  await recoverCreations(
    db,
    access,
    stale.filter((s) => s.operation === "create"),
  );
  const updates = stale.filter((s) => s.operation !== "create");
  const groups = new Map<string, ChangeRow[]>();
  for (const s of updates) {
    const key = `${s.advertisingProfileId}|${s.entityType}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  for (const group of groups.values()) {
    const first = group[0]!;
    const profile = await profileOf(db, first.advertisingProfileId);
    const rows = await syncedRows(
      db,
      first.entityType,
      group.map((g) => g.entityId ?? "").filter(Boolean),
    );
    const ads = await adsClientFor(db, access, profile);
    const spec = specOf(first.entityType);
    const amazonIds = [...new Set([...rows.values()].map((r) => amazonIdOf(first.entityType, r)))];
    const onAmazon = new Map<string, Record<string, unknown>>();
    for (const level of new Set([...rows.values()].map((r) => String(r.level ?? "")))) {
      const resource = resourceOf(ads, specOf(first.entityType, level || null));
      // The id filter of a list is the one its archive call takes (keywordIdFilter …).
      const idFilter = (resource as unknown as { spec: { deleteFilter: string } }).spec
        .deleteFilter;
      for (let i = 0; i < amazonIds.length; i += 1000) {
        const listed = await resource.listAll(profile.amazonProfileId, {
          [idFilter]: { include: amazonIds.slice(i, i + 1000) },
          includeExtendedDataFields: false,
        });
        for (const e of listed) onAmazon.set(String(e[spec.entity.amazonIdField]), e);
      }
    }
    const done: string[] = [];
    const again: string[] = [];
    const entities: unknown[] = [];
    for (const change of group) {
      const row = change.entityId ? rows.get(change.entityId) : undefined;
      const def = change.field ? fieldOf(change.entityType, change.field) : undefined;
      const remote = row ? onAmazon.get(amazonIdOf(change.entityType, row)) : undefined;
      if (!row || !def || !remote) {
        again.push(change.id);
        continue;
      }
      const asRow = spec.toRow(remote, profile.id);
      // toRow speaks SQL column names; the field definitions read Drizzle properties.
      const props: Record<string, unknown> = { ...row };
      for (const col of spec.entity.columns) props[col.property] = asRow[col.name];
      if (sameValue(def.read(props), change.newValue)) {
        done.push(change.id);
        entities.push(remote);
      } else again.push(change.id);
    }
    await upsertAccepted(db, first.entityType, null, profile, entities);
    await markApplied(db, done);
    await backToPending(db, again);
  }
}
