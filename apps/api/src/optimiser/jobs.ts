import type { Database, PgBoss } from "@starport/db";
import { schema } from "@starport/db";
import type { ChangeJobs } from "../changes/jobs.ts";
import { type LeasedQueue, startLeasedQueue } from "../jobs/leased-queue.ts";
import { queueOptimiserRun, runOptimiser } from "./run-optimiser.ts";

/** One job per run (singleton key: the run's id); fair per customer. */
export const OPTIMISER_RUN_QUEUE = "optimiser-run";

/** How the API and the sync hook queue an optimiser run. */
export interface OptimiserJobs {
  enqueue(runId: string, sellerProfileId?: string): Promise<void>;
}

/**
 * Registers the optimiser worker. A run is worked on under a lease (jobs/leased-queue.ts): a run
 * a killed process left `running` is taken over and runs again from the start — it wrote nothing
 * (run-optimiser.ts writes in one transaction) — and a run left queued is queued at start-up.
 */
export async function startOptimiserJobs(
  boss: PgBoss,
  db: Database,
  changes: ChangeJobs | undefined,
  {
    work = true,
    pollingIntervalSeconds = 1,
    today,
  }: {
    work?: boolean;
    pollingIntervalSeconds?: number;
    /** Amazon's today (the sandbox has its own). */
    today?: () => Promise<string>;
  } = {},
): Promise<OptimiserJobs & LeasedQueue> {
  const r = schema.optimiserRuns;
  return startLeasedQueue({
    boss,
    db,
    queue: OPTIMISER_RUN_QUEUE,
    rows: {
      table: r,
      id: r.id,
      status: r.status,
      sellerProfileId: r.sellerProfileId,
      leaseOwner: r.leaseOwner,
      leaseExpiresAt: r.leaseExpiresAt,
    },
    open: ["queued", "running"],
    work,
    pollingIntervalSeconds,
    retryLimit: 2,
    async run(runId) {
      await runOptimiser(db, runId, { changes, ...(today ? { today: await today() } : {}) });
    },
  });
}

/**
 * The sync engine's hook after a profile's daily report sync: one scheduled run per profile and
 * day (a second sync the same day finds the day's run and queues nothing new).
 */
export function optimiserAfterReportSync(db: Database, jobs: () => OptimiserJobs | undefined) {
  return async (sellerProfileId: string, today: string): Promise<void> => {
    const run = await queueOptimiserRun(db, {
      sellerProfileId,
      trigger: "scheduled",
      runDate: today,
    });
    if (run) await jobs()?.enqueue(run.id, sellerProfileId);
  };
}
