import { type Database, type PgBoss, schema } from "@starport/db";
import { type LeasedQueue, startLeasedQueue } from "../jobs/leased-queue.ts";
import type { AmazonAccess } from "./amazon-access.ts";
import { ApplyAborted, type ApplyOptions, applyBatch } from "./apply-batch.ts";

/** One waiting job per batch at most (policy "short"); fair per customer. */
export const CHANGE_BATCH_QUEUE = "change-batches";

/** How the API queues a pushed batch's apply job. */
export interface ChangeJobs {
  enqueue(batchId: string): Promise<void>;
}

/**
 * Registers the apply worker on pg-boss. A batch is applied under a lease (jobs/leased-queue.ts):
 * batches a stopped or killed server left pending or applying are taken over at once after a
 * restart, and the job holding the lease reads the rows a dead run left "applying" back from
 * Amazon before it goes on (apply-batch.ts never sends an applied row again).
 */
export async function startChangeJobs(
  boss: PgBoss,
  db: Database,
  access: AmazonAccess | undefined,
  {
    pollingIntervalSeconds = 1,
    work = true,
    apply = {},
    leaseSeconds,
    recoverSeconds,
  }: {
    pollingIntervalSeconds?: number;
    /** Runs the jobs in this process (roles all and worker); a web process only queues them. */
    work?: boolean;
    apply?: ApplyOptions;
    leaseSeconds?: number;
    recoverSeconds?: number;
  } = {},
): Promise<ChangeJobs & LeasedQueue> {
  const b = schema.changeBatches;
  return startLeasedQueue({
    boss,
    db,
    queue: CHANGE_BATCH_QUEUE,
    rows: {
      table: b,
      id: b.id,
      status: b.status,
      sellerProfileId: b.sellerProfileId,
      leaseOwner: b.leaseOwner,
      leaseExpiresAt: b.leaseExpiresAt,
    },
    open: ["pending", "applying"],
    work: work && Boolean(access),
    pollingIntervalSeconds,
    retryLimit: 5,
    ...(leaseSeconds ? { leaseSeconds } : {}),
    ...(recoverSeconds ? { recoverSeconds } : {}),
    async run(batchId, signal) {
      if (!access) return;
      // The lease is this run's alone: every row still "applying" is a dead run's, settled now.
      await applyBatch(db, access, batchId, { staleAfterMs: 0, ...apply, signal }).catch(
        (error) => {
          if (error instanceof ApplyAborted && signal.aborted) return; // taken over elsewhere
          throw error;
        },
      );
    },
  });
}
