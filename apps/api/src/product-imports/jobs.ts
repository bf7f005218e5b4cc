import type { Database, PgBoss } from "@starport/db";
import { schema } from "@starport/db";
import { type LeasedQueue, startLeasedQueue } from "../jobs/leased-queue.ts";
import { LostLeaseError } from "./apply-batch.ts";
import type { AmazonImportAccess } from "./fetch-amazon-listings.ts";
import { SWEEP_INTERVAL_MS, sweepImportFiles } from "./import-files.ts";
import { runProductImport } from "./run-import.ts";
import { DEFAULT_IMPORT_QUOTA_BYTES } from "./upload-import.ts";

/** One waiting job per import at most (policy "short"); fair per customer. */
export const PRODUCT_IMPORT_QUEUE = "product-imports";

export interface ProductImportJobs {
  dataDir: string;
  /** Per-customer quota of stored uploads in bytes. */
  quotaBytes: number;
  enqueue(importId: string): Promise<void>;
}

/**
 * Registers the import worker on pg-boss. An import runs under a lease (jobs/leased-queue.ts):
 * imports a stopped or killed server left queued or running are taken over at once after a
 * restart and resume from their checkpoint.
 */
export async function startProductImportJobs(
  boss: PgBoss,
  db: Database,
  {
    dataDir,
    quotaBytes = DEFAULT_IMPORT_QUOTA_BYTES,
    pollingIntervalSeconds = 1,
    work = true,
    amazon,
    reportPoll,
    leaseSeconds,
    recoverSeconds,
    batchSize,
  }: {
    dataDir: string;
    quotaBytes?: number;
    pollingIntervalSeconds?: number;
    /** Runs imports in this process (roles all and worker); a web process only queues them. */
    work?: boolean;
    /** Clients for imports from Amazon (the merchant listings report). */
    amazon?: AmazonImportAccess;
    reportPoll?: { initialIntervalMs?: number; maxIntervalMs?: number };
    leaseSeconds?: number;
    recoverSeconds?: number;
    /** Rows per committed batch (tests, benchmarks). */
    batchSize?: number;
  },
): Promise<ProductImportJobs & LeasedQueue> {
  const p = schema.productImports;
  const queue = await startLeasedQueue({
    boss,
    db,
    queue: PRODUCT_IMPORT_QUEUE,
    rows: {
      table: p,
      id: p.id,
      status: p.status,
      sellerProfileId: p.sellerProfileId,
      leaseOwner: p.leaseOwner,
      leaseExpiresAt: p.leaseExpiresAt,
    },
    open: ["queued", "running"],
    work,
    pollingIntervalSeconds,
    retryLimit: 3,
    ...(leaseSeconds ? { leaseSeconds } : {}),
    ...(recoverSeconds ? { recoverSeconds } : {}),
    run: (importId, signal) =>
      runProductImport(db, importId, {
        dataDir,
        ...(batchSize ? { batchSize } : {}),
        ...(amazon ? { amazon } : {}),
        ...(reportPoll ? { reportPoll } : {}),
        // Taken over elsewhere: stop after the committed batch (the checkpoint guards it too).
        afterBatch: () => {
          if (signal.aborted) throw new LostLeaseError();
        },
      }),
  });
  if (work) {
    // Uploaded files go when done, abandoned or orphaned: at start and every few minutes.
    const sweep = () =>
      sweepImportFiles(db, dataDir).catch(() => {
        // A failed sweep (database restarting) is retried at the next interval.
      });
    void sweep();
    const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
    boss.on("stopped", () => clearInterval(timer));
  }
  return { dataDir, quotaBytes, ...queue };
}
