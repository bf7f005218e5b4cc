import { type Database, schema } from "@starport/db";
import { markRecommendationsApplied } from "./mark-recommendations-applied.ts";
import { inUuids } from "./uuid-list.ts";

/** A change row's status moves during a push: applied, failed with a reason, or pending again. */

const c = schema.changes;

export async function markFailed(
  db: Database,
  ids: readonly string[],
  code: string,
  message: string,
): Promise<void> {
  if (!ids.length) return;
  await db
    .update(c)
    .set({ status: "failed", errorCode: code, errorMessage: message, updatedAt: new Date() })
    .where(inUuids(c.id, ids));
}

export async function markApplied(db: Database, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const now = new Date();
  await db
    .update(c)
    .set({ status: "applied", errorCode: null, errorMessage: null, appliedAt: now, updatedAt: now })
    .where(inUuids(c.id, ids));
  await markRecommendationsApplied(db, ids);
}

export async function backToPending(db: Database, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db.update(c).set({ status: "pending", updatedAt: new Date() }).where(inUuids(c.id, ids));
}
