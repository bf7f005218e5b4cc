import type { Database } from "@starport/db";
import type { Principal } from "../auth/principal.ts";
import { catalogueToday } from "../catalogue/collection-rules.ts";
import type { ProviderServices } from "../hydra/resource.ts";
import { type OptimiserRunRow, queueOptimiserRun, runOptimiser } from "./run-optimiser.ts";

/**
 * "Run now" (issue 19 §3): a queued run whose job runs once the request's transaction has
 * committed (202); a dry run runs at once and answers its decisions (200) without writing
 * recommendations or changes. The seller profile is already checked to be the caller's. The run
 * records who asked for it, and the administrator acting as them while impersonating.
 */
export async function requestOptimiserRun(
  db: Database,
  services: ProviderServices,
  afterCommit: (work: () => Promise<void>) => void,
  principal: Principal,
  input: { sellerProfileId: string; dryRun: boolean },
): Promise<OptimiserRunRow & { decisions?: unknown[] }> {
  const today = await catalogueToday(services.amazon);
  const run = (await queueOptimiserRun(db, {
    sellerProfileId: input.sellerProfileId,
    trigger: "manual",
    dryRun: input.dryRun,
    runDate: today,
    requestedBy: principal,
  })) as OptimiserRunRow;
  if (input.dryRun) {
    const result = await runOptimiser(db, run.id, { today });
    return {
      ...(result?.run ?? run),
      decisions: (result?.decisions ?? []).map((d) => ({
        marketplace: d.marketplace,
        mode: d.mode,
        entityLabel: d.entityLabel,
        ...d.decision,
      })),
    };
  }
  // Without a queue (a process without jobs) the run waits: the worker's start-up queues it.
  afterCommit(async () => services.optimiser?.enqueue(run.id, run.sellerProfileId));
  return run;
}
