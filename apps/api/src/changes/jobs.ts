import { type Database, type PgBoss, schema } from "@starport/db";
import { inArray } from "drizzle-orm";
import type { AmazonAccess } from "./amazon-access.ts";
import { type ApplyOptions, applyBatch } from "./apply-batch.ts";

export const CHANGE_BATCH_QUEUE = "change-batch-apply";

/** How the API queues a pushed batch's apply job. */
export interface ChangeJobs {
  enqueue(batchId: string): Promise<void>;
}

/**
 * Registers the apply worker on pg-boss (one job per batch: singleton key = batch id) and
 * re-queues batches a stopped or killed server left pending or applying: they resume where the
 * rows' statuses say (apply-batch.ts never sends an applied row again).
 */
export async function startChangeJobs(
  boss: PgBoss,
  db: Database,
  access: AmazonAccess | undefined,
  {
    pollingIntervalSeconds = 1,
    work = true,
    apply = {},
  }: {
    pollingIntervalSeconds?: number;
    /** Runs the jobs in this process (roles all and worker); a web process only queues them. */
    work?: boolean;
    apply?: ApplyOptions;
  } = {},
): Promise<ChangeJobs> {
  await boss.createQueue(CHANGE_BATCH_QUEUE, { retryLimit: 5, retryDelay: 5, retryBackoff: true });
  if (work && access)
    await boss.work<{ batchId: string }>(
      CHANGE_BATCH_QUEUE,
      { pollingIntervalSeconds, batchSize: 1 },
      async ([job]) => {
        if (job) await applyBatch(db, access, job.data.batchId, apply);
      },
    );
  const enqueue = async (batchId: string) => {
    await boss.send(CHANGE_BATCH_QUEUE, { batchId }, { singletonKey: batchId });
  };
  if (work && access) {
    const open = await db
      .select({ id: schema.changeBatches.id })
      .from(schema.changeBatches)
      .where(inArray(schema.changeBatches.status, ["pending", "applying"]));
    for (const { id } of open) await enqueue(id);
  }
  return { enqueue };
}
