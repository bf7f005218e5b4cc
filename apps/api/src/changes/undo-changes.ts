import { type Database, schema } from "@starport/db";
import { and, eq } from "drizzle-orm";
import type { Principal } from "../auth/principal.ts";
import { ConflictError } from "../errors.ts";
import { findBatch, findChange } from "./find-visible.ts";
import { insertChanges } from "./insert-changes.ts";
import type { ChangeJobs } from "./jobs.ts";
import { type ChangeBatchRow, type ChangeRow, recount } from "./tray.ts";

/**
 * Undo (issue 10 §5): a new batch (author `undo`) with the inverse of every applied update — the
 * new value becomes the guard (old) value and the old value the new one — pushed at once. An
 * archived entity stays archived (Amazon's archive is final), so that change has no inverse.
 */
async function undo(
  db: Database,
  jobs: ChangeJobs,
  principal: Principal,
  sellerProfileId: string,
  applied: ChangeRow[],
  undoOfBatchId: string | null,
): Promise<ChangeBatchRow> {
  const invertible = applied.filter(
    (c) =>
      c.status === "applied" &&
      c.operation === "update" &&
      c.field !== null &&
      !(c.field === "state" && c.newValue === "ARCHIVED"),
  );
  if (!invertible.length) throw new ConflictError("Nothing applied here can be undone.");
  const batch = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(schema.changeBatches)
      .values({
        sellerProfileId,
        authorKind: "undo",
        authorUserId: principal.userId,
        undoOfBatchId,
        status: "pending",
        pushedAt: new Date(),
      })
      .returning();
    await insertChanges(
      tx as unknown as Database,
      invertible.map((c) => ({
        batchId: made!.id,
        sellerProfileId: c.sellerProfileId,
        advertisingProfileId: c.advertisingProfileId,
        entityType: c.entityType,
        entityId: c.entityId,
        entityLabel: c.entityLabel,
        operation: "update" as const,
        field: c.field,
        oldValue: c.newValue,
        newValue: c.oldValue,
        reasonCode: "undo",
        reasonParams: { change: c.id },
        authorKind: "undo" as const,
        authorUserId: principal.userId,
        actorUserId: principal.actorId ?? null,
        actorName: principal.actorName ?? null,
        status: "pending" as const,
        undoOfChangeId: c.id,
      })),
    );
    return recount(tx as unknown as Database, made!.id);
  });
  await jobs.enqueue(batch.id);
  return batch;
}

export async function undoBatch(
  db: Database,
  jobs: ChangeJobs,
  principal: Principal,
  batchId: string,
): Promise<ChangeBatchRow> {
  const batch = await findBatch(db, principal, batchId);
  const c = schema.changes;
  const applied = await db
    .select()
    .from(c)
    .where(and(eq(c.batchId, batch.id), eq(c.status, "applied")));
  return undo(db, jobs, principal, batch.sellerProfileId, applied, batch.id);
}

export async function undoChange(
  db: Database,
  jobs: ChangeJobs,
  principal: Principal,
  changeId: string,
): Promise<ChangeBatchRow> {
  const change = await findChange(db, principal, changeId);
  return undo(db, jobs, principal, change.sellerProfileId, [change], null);
}
