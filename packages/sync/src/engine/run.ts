/**
 * Sync engine: one run under a renewed lease, executed step by step, its outcome recorded. The
 * lease is in run-lease.ts, a step in run-step.ts, the run's end in run-end.ts.
 */
import { randomUUID } from "node:crypto";
import { schema } from "@starport/db";
import { eq } from "drizzle-orm";
import type { AfterReportSync } from "../engine.ts";
import type { SyncKind } from "../kinds.ts";
import type { Connections } from "./connections.ts";
import type { EngineDeps, Step, SyncRun } from "./deps.ts";
import type { Executor } from "./execute.ts";
import type { Planner } from "./planning.ts";
import { finishRun } from "./run-end.ts";
import { claim, EngineStopped, handBack, keepLease, LeaseLost } from "./run-lease.ts";
import { type RunState, runStep } from "./run-step.ts";

export { EngineStopped } from "./run-lease.ts";

/** What a run needs from the engine beyond its deps: this worker, its limits, its parts. */
export interface RunnerParts {
  workerId: string;
  leaseSeconds: number;
  maxAttempts: number;
  /** The runs this engine executes now, by their lease owner: stop() hands them back. */
  executing: Map<string, AbortController>;
  afterReportHooks: AfterReportSync[];
  connections: Connections;
  planner: Planner;
  executor: Executor;
  requestSync: (sellerProfileId: string, kind: SyncKind) => Promise<SyncRun>;
}

/** The steps to run: planned when the run first starts (the checkpoint from then on). */
async function stepsOf(parts: RunnerParts, run: SyncRun): Promise<Step[]> {
  const planned =
    run.steps.length > 0
      ? run.steps
      : await parts.planner.initialSteps(run.sellerProfileId, run.kind as SyncKind);
  return planned.map((s) =>
    s.status === "failed" ? { ...s, status: "pending", error: undefined } : s,
  );
}

/**
 * Runs (or resumes) a sync run to its end. Steps already done are skipped, so a run killed
 * mid-way continues where it stopped. Returns the run's status afterwards: "retrying" means a
 * step failed and another attempt is due.
 */
export async function runSync(
  deps: EngineDeps,
  parts: RunnerParts,
  runId: string,
): Promise<SyncRun["status"]> {
  const { db, log } = deps;
  const owner = `${parts.workerId}:${randomUUID().slice(0, 8)}`;
  const claimed = await claim(deps, parts.leaseSeconds, runId, owner);
  if (!claimed) {
    const [current] = await db.select().from(schema.syncRuns).where(eq(schema.syncRuns.id, runId));
    return current?.status ?? "failed";
  }
  const controller = new AbortController();
  parts.executing.set(owner, controller);
  const renewal = keepLease(deps, parts.leaseSeconds, runId, owner, controller);
  try {
    // Planned inside the try: a planning failure (the database gone for a moment) must still
    // stop the renewal below, or the lease is renewed for ever and no worker takes the run over.
    const st: RunState = {
      deps,
      parts,
      runId,
      owner,
      controller,
      run: claimed,
      steps: await stepsOf(parts, claimed),
      rowsWritten: claimed.rowsWritten,
      authFailure: false,
    };
    for (let i = 0; i < st.steps.length; i++) await runStep(st, i);
    return await finishRun(st);
  } catch (error) {
    if (controller.signal.reason instanceof EngineStopped) {
      await handBack(deps, runId, owner);
      log.info({ syncRun: runId, worker: parts.workerId }, "sync run handed back (stopping)");
      return "running";
    }
    if (error instanceof LeaseLost || controller.signal.aborted) return "running";
    throw error;
  } finally {
    clearInterval(renewal);
    parts.executing.delete(owner);
  }
}
