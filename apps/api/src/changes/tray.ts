import { type Database, schema } from "@starport/db";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Principal } from "../auth/principal.ts";
import { requireVisibleSellerProfile } from "../catalogue/seller-profile-access.ts";
import { NotFoundError } from "../errors.ts";
import { idFromIriOrId, isUuid } from "../hydra/iri.ts";
import { sellerProfiles } from "../resources/seller-profiles.ts";

export type ChangeBatchRow = typeof schema.changeBatches.$inferSelect;
export type ChangeRow = typeof schema.changes.$inferSelect;

/**
 * The user's tray for a seller profile: their one draft batch, made on the first change. The
 * partial unique index (one draft per user and seller profile) settles a race of two requests.
 */
export async function trayOf(
  db: Database,
  sellerProfileId: string,
  userId: string,
): Promise<ChangeBatchRow> {
  const b = schema.changeBatches;
  const existing = async () =>
    (
      await db
        .select()
        .from(b)
        .where(
          and(
            eq(b.sellerProfileId, sellerProfileId),
            eq(b.authorUserId, userId),
            eq(b.status, "draft"),
          ),
        )
    )[0];
  const found = await existing();
  if (found) return found;
  const [made] = await db
    .insert(b)
    .values({ sellerProfileId, authorUserId: userId, authorKind: "user", status: "draft" })
    .onConflictDoNothing()
    .returning();
  return made ?? ((await existing()) as ChangeBatchRow);
}

/** Recounts a batch's total, applied and failed from its changes. */
export async function recount(db: Database, batchId: string): Promise<ChangeBatchRow> {
  const c = schema.changes;
  const [row] = await db
    .update(schema.changeBatches)
    .set({
      total: sql`(select count(*) from ${c} where ${c.batchId} = ${batchId})::int`,
      applied: sql`(select count(*) from ${c} where ${c.batchId} = ${batchId} and ${c.status} = 'applied')::int`,
      failed: sql`(select count(*) from ${c} where ${c.batchId} = ${batchId} and ${c.status} = 'failed')::int`,
    })
    .where(eq(schema.changeBatches.id, batchId))
    .returning();
  return row as ChangeBatchRow;
}

/** How many of the author's open failures a tray lists (the newest; the history has the rest). */
const OPEN_FAILURES_LIMIT = 200;

export interface Tray {
  /** The draft batch, null before the first change. */
  batch: ChangeBatchRow | null;
  changes: ChangeRow[];
  /** The author's failed changes of the seller profile not yet dismissed or retried. */
  failed: ChangeRow[];
}

/**
 * What the user's tray of a seller profile holds: the drafts, and every change of theirs that
 * failed on Amazon (a push, an undo, a retry) until they dismiss or retry it, so a failure
 * outlives the browser tab that saw it.
 */
export async function loadTray(
  db: Database,
  sellerProfileId: string,
  userId: string,
): Promise<Tray> {
  const b = schema.changeBatches;
  const c = schema.changes;
  const [batch] = await db
    .select()
    .from(b)
    .where(
      and(
        eq(b.sellerProfileId, sellerProfileId),
        eq(b.authorUserId, userId),
        eq(b.status, "draft"),
      ),
    );
  const [drafts, failed] = await Promise.all([
    batch
      ? db.select().from(c).where(eq(c.batchId, batch.id)).orderBy(desc(c.createdAt), desc(c.id))
      : Promise.resolve([]),
    db
      .select()
      .from(c)
      .where(
        and(
          eq(c.sellerProfileId, sellerProfileId),
          eq(c.authorUserId, userId),
          eq(c.status, "failed"),
          isNull(c.failureResolution),
        ),
      )
      .orderBy(desc(c.updatedAt), desc(c.id))
      .limit(OPEN_FAILURES_LIMIT),
  ]);
  return { batch: batch ?? null, changes: drafts, failed };
}

/** The caller's tray of a seller profile given as IRI or id (a foreign or unknown one is a 404). */
export async function trayOfCaller(
  db: Database,
  principal: Principal,
  sellerProfile: string,
): Promise<Tray> {
  const id = idFromIriOrId(sellerProfiles, sellerProfile);
  if (!id || !isUuid(id)) throw new NotFoundError();
  await requireVisibleSellerProfile(db, principal, id);
  return loadTray(db, id, principal.userId);
}
