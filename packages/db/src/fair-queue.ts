import { eq } from "drizzle-orm";
import type { PgBoss, SendOptions } from "pg-boss";
import type { Database } from "./client.ts";
import { sellerProfiles } from "./schema/sellers.ts";

/**
 * Fair queueing per customer (issue 18 §12): one customer's hundred queued imports, batches or
 * syncs must not hold another customer's single job behind them.
 *
 * - A job's priority is minus the number of jobs its customer already has waiting in the queue,
 *   so the queue serves customers in turns (pg-boss fetches by priority, then age): the first job
 *   of every customer comes before the second of anyone.
 * - The job carries the customer as its group; workers run at most `PER_CUSTOMER` jobs of one
 *   customer at a time (localGroupConcurrency, counted in memory: a killed process's job that is
 *   still "active" in the table holds no slot of the process that takes its work over).
 */

/** Jobs of one customer a worker runs at once. */
export const PER_CUSTOMER = 1;
/** Waiting jobs counted for the priority; beyond this a customer is last in line anyway. */
const COUNTED = 500;

export interface FairJob {
  /** The customer owning the work (its group). */
  customer: string;
}

/** The customer of a seller profile (undefined when the profile is gone). */
export async function customerOfProfile(
  db: Database,
  sellerProfileId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ customerId: sellerProfiles.customerId })
    .from(sellerProfiles)
    .where(eq(sellerProfiles.id, sellerProfileId));
  return row?.customerId;
}

/**
 * Queues `data` in the customer's turn. Returns the job id, or null when pg-boss refused a
 * duplicate (a queue with policy "short" keeps one waiting job per singleton key).
 */
export async function sendFair<T extends object>(
  boss: PgBoss,
  queue: string,
  customer: string,
  data: T,
  options: SendOptions = {},
): Promise<string | null> {
  const waiting = await boss.findJobs(queue, { data: { customer }, queued: true, limit: COUNTED });
  return boss.send(
    queue,
    { ...data, customer },
    {
      ...options,
      priority: -waiting.length,
      group: { id: customer },
    },
  );
}

/** Work options of a fair worker: `concurrency` slots, at most PER_CUSTOMER of them per customer. */
export function fairWorkOptions(concurrency: number) {
  return { localConcurrency: concurrency, localGroupConcurrency: PER_CUSTOMER, batchSize: 1 };
}
