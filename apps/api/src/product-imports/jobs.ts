import type { Database, PgBoss } from "@starport/db";
import { schema } from "@starport/db";
import { inArray } from "drizzle-orm";
import type { AmazonImportAccess } from "./fetch-amazon-listings.ts";
import { runProductImport } from "./run-import.ts";

export const PRODUCT_IMPORT_QUEUE = "product-import";

export interface ProductImportJobs {
  dataDir: string;
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
    pollingIntervalSeconds = 1,
    work = true,
    amazon,
    reportPoll,
  }: {
    dataDir: string;
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
  return { dataDir, enqueue };
}
