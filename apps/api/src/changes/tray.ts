import { type Database, schema } from "@starport/db";
import { and, eq, sql } from "drizzle-orm";

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
