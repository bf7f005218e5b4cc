import { AmazonApiError, AmazonNetworkError, AmazonTimeoutError } from "@starport/amazon";
import { type Database, schema } from "@starport/db";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { AmazonAccess } from "./amazon-access.ts";
import { applyCreations, CREATION_ORDER, recoverCreations } from "./apply-creations.ts";
import { applyUpdates } from "./apply-updates.ts";
import { backToPending, markFailed } from "./change-status.ts";
import { recoverStale } from "./recover-stale.ts";
import { type ChangeBatchRow, type ChangeRow, recount } from "./tray.ts";
import { inUuids } from "./uuid-list.ts";

/**
 * Applies a pushed batch to Amazon (issue 10 §1), as the job of that batch:
 * - per advertising profile and entity type, in chunks of at most 1,000 (Amazon's limit);
 * - a chunk's rows are marked `applying` (committed) before the call, so a run killed mid-call
 *   leaves evidence: the next run reads those entities back from Amazon and marks them applied
 *   when Amazon already has the new value, else sends them again (updates are absolute values);
 * - the conflict guard fails an update whose entity changed since Starport read it;
 * - the 207 answer is read per index: accepted rows update the synced row and become `applied`,
 *   refused ones `failed` with Amazon's code and message; the batch's counts move as it goes;
 * - 429/5xx beyond the transport's own retries put the chunk back to pending and retry later,
 *   so a batch keeps going, and never applies a row twice.
 */

export interface ApplyOptions {
  /** Rows per Amazon call (≤ 1,000). */
  chunkSize?: number;
  /** Rows left `applying` longer than this are a dead run's (default 2 minutes). */
  staleAfterMs?: number;
  /** Attempts of a row on transient errors before it fails (default 6). */
  maxAttempts?: number;
  /** Pause before retrying a chunk after a transient error (default 1 s, doubled each time). */
  retryDelayMs?: number;
  /**
   * Called when Amazon answered a call, before its outcome is recorded (tests crash here: Amazon
   * has applied the rows, Starport does not know yet).
   */
  afterCall?: () => void | Promise<void>;
  /** Aborted when the run lost its lease (another worker took the batch over): stops before the next chunk. */
  signal?: AbortSignal;
  /** Called after each chunk (tests stop a process mid-batch here). */
  onChunk?: (done: { batchId: string; applied: number; failed: number }) => void | Promise<void>;
}

const c = schema.changes;
const b = schema.changeBatches;

/** Stops a run on the spot, as a killed process would (tests throw it from a hook). */
export class ApplyAborted extends Error {}

/** Worth another try: throttling, Amazon's 5xx, timeouts and network failures. */
function isTransient(error: unknown): boolean {
  if (error instanceof AmazonTimeoutError || error instanceof AmazonNetworkError) return true;
  if (error instanceof AmazonApiError) return error.status === 429 || error.status >= 500;
  return false;
}

/** Claims the next chunk: one profile, one entity type, creations only once their parent exists. */
async function claimChunk(db: Database, batchId: string, size: number): Promise<ChangeRow[]> {
  return db.transaction(async (tx) => {
    const parent = sql`(${c.parentChangeId} is null or exists (select 1 from changes p where p.id = ${c.parentChangeId} and p.status = 'applied'))`;
    const phase = sql`case when ${c.operation} = 'create' then array_position(array[${sql.join(
      CREATION_ORDER.map((t) => sql`${t}`),
      sql`, `,
    )}]::text[], ${c.entityType}) else 100 end`;
    const [next] = await tx
      .select()
      .from(c)
      .where(and(eq(c.batchId, batchId), eq(c.status, "pending"), parent))
      .orderBy(phase, asc(c.createdAt))
      .limit(1);
    if (!next) return [];
    const kind = next.operation === "create" ? "create" : "update";
    const ids = tx
      .select({ id: c.id })
      .from(c)
      .where(
        and(
          eq(c.batchId, batchId),
          eq(c.status, "pending"),
          eq(c.advertisingProfileId, next.advertisingProfileId),
          eq(c.entityType, next.entityType),
          kind === "create"
            ? eq(c.operation, "create")
            : or(eq(c.operation, "update"), eq(c.operation, "archive")),
          parent,
        ),
      )
      .orderBy(asc(c.createdAt))
      .limit(size)
      .for("update", { skipLocked: true });
    return tx
      .update(c)
      .set({ status: "applying", attempts: sql`${c.attempts} + 1`, updatedAt: new Date() })
      .where(inArray(c.id, ids))
      .returning();
  });
}

/** The batch's status from its counts once nothing is left to do. */
function finalStatus(batch: ChangeBatchRow): ChangeBatchRow["status"] {
  if (batch.applied === batch.total) return "applied";
  if (batch.applied === 0) return "failed";
  return "partially_applied";
}

export async function applyBatch(
  db: Database,
  access: AmazonAccess,
  batchId: string,
  options: ApplyOptions = {},
): Promise<ChangeBatchRow | undefined> {
  const chunkSize = Math.min(1000, options.chunkSize ?? 1000);
  const maxAttempts = options.maxAttempts ?? 6;
  let delay = options.retryDelayMs ?? 1000;
  const [started] = await db
    .update(b)
    .set({ status: "applying" })
    .where(and(eq(b.id, batchId), inArray(b.status, ["pending", "applying"])))
    .returning();
  if (!started) return undefined;
  await recoverStale(db, access, batchId, options.staleAfterMs ?? 120_000);
  for (;;) {
    if (options.signal?.aborted) throw new ApplyAborted("lease lost");
    const chunk = await claimChunk(db, batchId, chunkSize);
    if (!chunk.length) break;
    try {
      if (chunk[0]!.operation === "create") await applyCreations(db, access, chunk);
      else await applyUpdates(db, access, chunk, options);
      delay = options.retryDelayMs ?? 1000;
    } catch (error) {
      if (error instanceof ApplyAborted) throw error;
      // Rows of this chunk Amazon did not answer yet: again later, or failed after enough tries.
      const open = await db
        .select()
        .from(c)
        .where(
          and(
            inUuids(
              c.id,
              chunk.map((x) => x.id),
            ),
            eq(c.status, "applying"),
          ),
        );
      const message = error instanceof Error ? error.message : String(error);
      if (!isTransient(error)) {
        await markFailed(
          db,
          open.map((o) => o.id),
          "STARPORT_APPLY_ERROR",
          message,
        );
      } else {
        await markFailed(
          db,
          open.filter((o) => o.attempts >= maxAttempts).map((o) => o.id),
          "AMAZON_UNAVAILABLE",
          message,
        );
        if (chunk[0]!.operation === "create")
          await recoverCreations(
            db,
            access,
            open.filter((o) => o.attempts < maxAttempts),
          );
        await backToPending(
          db,
          (
            await db
              .select({ id: c.id })
              .from(c)
              .where(
                and(
                  inUuids(
                    c.id,
                    chunk.map((x) => x.id),
                  ),
                  eq(c.status, "applying"),
                ),
              )
          ).map((o) => o.id),
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 30_000);
      }
    }
    const counts = await recount(db, batchId);
    await options.onChunk?.({ batchId, applied: counts.applied, failed: counts.failed });
  }
  // Creations whose parent failed can never be sent.
  await db
    .update(c)
    .set({
      status: "failed",
      errorCode: "STARPORT_PARENT_FAILED",
      errorMessage: "Its parent could not be created.",
      updatedAt: new Date(),
    })
    .where(
      and(eq(c.batchId, batchId), eq(c.status, "pending"), sql`${c.parentChangeId} is not null`),
    );
  const counts = await recount(db, batchId);
  const open = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(c)
    .where(and(eq(c.batchId, batchId), inArray(c.status, ["pending", "applying"])));
  if ((open[0]?.n ?? 0) > 0) return counts; // another worker holds rows of this batch
  const [finished] = await db
    .update(b)
    .set({ status: finalStatus(counts), finishedAt: new Date() })
    .where(and(eq(b.id, batchId), eq(b.status, "applying")))
    .returning();
  return finished ?? counts;
}
