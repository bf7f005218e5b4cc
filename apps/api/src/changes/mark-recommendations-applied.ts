import { type Database, schema } from "@starport/db";
import { and, eq } from "drizzle-orm";
import { inUuids } from "./uuid-list.ts";

/**
 * The recommendations whose change Amazon has now applied become `applied` (issue 19 §2): an
 * accepted recommendation is done once its change is, in the same write as the change's status.
 */
export async function markRecommendationsApplied(
  db: Database,
  changeIds: readonly string[],
): Promise<void> {
  if (!changeIds.length) return;
  const r = schema.recommendations;
  await db
    .update(r)
    .set({ status: "applied", updatedAt: new Date() })
    .where(and(inUuids(r.changeId, changeIds), eq(r.status, "accepted")));
}
