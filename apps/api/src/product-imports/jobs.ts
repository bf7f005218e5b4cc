import type { Database, PgBoss } from "@starport/db";
import { schema } from "@starport/db";
import { inArray } from "drizzle-orm";
import type { AmazonImportAccess } from "./fetch-amazon-listings.ts";
import { SWEEP_INTERVAL_MS, sweepImportFiles } from "./import-files.ts";
import { runProductImport } from "./run-import.ts";
import { DEFAULT_IMPORT_QUOTA_BYTES } from "./upload-import.ts";

export const PRODUCT_IMPORT_QUEUE = "product-import";

export interface ProductImportJobs {
  dataDir: string;
  /** Per-customer quota of stored uploads in bytes. */
  quotaBytes: number;
  enqueue(importId: string): Promise<void>;
}

/**
 * Registers the import worker on pg-boss and re-queues imports a stopped or killed server left
 * queued or running: they resume from their checkpoint.
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
  }: {
    dataDir: string;
    quotaBytes?: number;
    pollingIntervalSeconds?: number;
    /** Runs imports in this process (roles all and worker); a web process only queues them. */
    work?: boolean;
    /** Clients for imports from Amazon (the merchant listings report). */
    amazon?: AmazonImportAccess;
    reportPoll?: { initialIntervalMs?: number; maxIntervalMs?: number };
  },
): Promise<ProductImportJobs> {
  await boss.createQueue(PRODUCT_IMPORT_QUEUE, { retryLimit: 3, retryDelay: 5 });
  if (work)
    await boss.work<{ importId: string }>(
      PRODUCT_IMPORT_QUEUE,
      { pollingIntervalSeconds, batchSize: 1 },
      async ([job]) => {
        if (job)
          await runProductImport(db, job.data.importId, {
            dataDir,
            ...(amazon ? { amazon } : {}),
            ...(reportPoll ? { reportPoll } : {}),
          });
      },
    );
  const enqueue = async (importId: string) => {
    await boss.send(PRODUCT_IMPORT_QUEUE, { importId });
  };
  const pending = await db
    .select({ id: schema.productImports.id })
    .from(schema.productImports)
    .where(inArray(schema.productImports.status, ["queued", "running"]));
  if (work) for (const { id } of pending) await enqueue(id);
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
  return { dataDir, quotaBytes, enqueue };
}
