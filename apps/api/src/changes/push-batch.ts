import { type Database, schema } from "@starport/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Principal } from "../auth/principal.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { isUuid } from "../hydra/iri.ts";
import { findRow } from "../hydra/repository.ts";
import { scopeFor } from "../hydra/tenant.ts";
import type { ChangeJobs } from "./jobs.ts";
import { changeBatches } from "./resources.ts";
import { type ChangeBatchRow, recount } from "./tray.ts";

/**
 * Pushes a batch (issue 10 §1): a draft becomes pending and its apply job is queued. Pushing a
 * pending or running batch again answers it unchanged; pushing a failed or partly applied one
 * re-sends only what is not applied (failed changes go back to pending). An empty tray is a 409.
 */
export async function pushBatch(
  db: Database,
  jobs: ChangeJobs,
  principal: Principal,
  id: string,
): Promise<ChangeBatchRow> {
  if (!isUuid(id)) throw new NotFoundError();
  const found = (await findRow(db, changeBatches, id, scopeFor(changeBatches, principal))) as
    | ChangeBatchRow
    | undefined;
  if (!found) throw new NotFoundError();
  const b = schema.changeBatches;
  const c = schema.changes;
  const batch = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(b).where(eq(b.id, id)).for("update");
    if (!row) throw new NotFoundError();
    if (row.status === "pending" || row.status === "applying" || row.status === "applied")
      return { row, queue: false };
    if (row.status === "draft" && row.total === 0)
      throw new ConflictError("The tray is empty: there is nothing to push.");
    if (row.status !== "draft")
      await tx
        .update(c)
        .set({ status: "pending", errorCode: null, errorMessage: null, updatedAt: new Date() })
        .where(
          and(
            eq(c.batchId, id),
            inArray(c.status, ["failed"]),
            sql`${c.errorCode} is distinct from 'STARPORT_CONFLICT'`,
          ),
        );
    await tx
      .update(b)
      .set({ status: "pending", pushedAt: new Date(), finishedAt: null })
      .where(eq(b.id, id));
    return { row: await recount(tx as unknown as Database, id), queue: true };
  });
  if (batch.queue) await jobs.enqueue(id);
  return batch.row;
}
