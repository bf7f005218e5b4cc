/** One step of a run: skipped without its Seller Central connection, else executed and recorded. */
import { AmazonApiError, AmazonAuthError } from "@starport/amazon";
import { schema } from "@starport/db";
import { and, eq } from "drizzle-orm";
import { syncArrivals } from "../arrivals.ts";
import type { EngineDeps, Step, StepContext, SyncRun } from "./deps.ts";
import type { RunnerParts } from "./run.ts";
import { LeaseLost } from "./run-lease.ts";

/** Steps that read Seller Central (SP-API), keyed `<kind>:<connection id>`. */
const SP_STEP_KINDS = new Set([
  "participations",
  "listings",
  "catalog",
  "inventory",
  "competitors",
  "fees",
  "sales",
]);

/** The reason a Seller Central step is skipped when its connection is not usable. */
const SP_NOT_CONNECTED = "Seller Central (SP-API) is not connected or Amazon refused its access.";

/** The SP-API connection a step reads, or null for an Ads API or planning step. */
function spConnectionOf(key: string): string | null {
  const [kind, connectionId] = key.split(":");
  return kind && SP_STEP_KINDS.has(kind) && connectionId ? connectionId : null;
}

/** Amazon refused access (a token it no longer takes, or 403: this account may not be read). */
function isAccessRefusal(error: unknown): boolean {
  return (
    error instanceof AmazonAuthError || (error instanceof AmazonApiError && error.status === 403)
  );
}

/** A run being executed by this worker: its steps (the checkpoint) and counts so far. */
export interface RunState {
  deps: EngineDeps;
  parts: RunnerParts;
  runId: string;
  owner: string;
  controller: AbortController;
  run: SyncRun;
  steps: Step[];
  rowsWritten: number;
  /** A step failed because Amazon refused the token: the run fails without retrying. */
  authFailure: boolean;
}

/** Saves the run's progress (and `extra`); throws LeaseLost when another worker took it over. */
export async function saveRun(
  st: RunState,
  extra: Partial<typeof schema.syncRuns.$inferInsert> = {},
): Promise<void> {
  const { steps } = st;
  const [saved] = await st.deps.db
    .update(schema.syncRuns)
    .set({
      steps,
      stepsDone: steps.filter((s) => s.status !== "pending").length,
      stepsTotal: steps.length,
      rowsWritten: st.rowsWritten,
      updatedAt: new Date(),
      // What arrived so far.
      result: { arrived: syncArrivals(steps) },
      ...extra,
    })
    .where(and(eq(schema.syncRuns.id, st.runId), eq(schema.syncRuns.leaseOwner, st.owner)))
    .returning();
  if (!saved) throw new LeaseLost();
  st.run = saved;
  st.deps.options.onProgress?.(saved);
}

function stepContext(st: RunState, current: Step, counted: { rows: number }): StepContext {
  return {
    run: st.run,
    signal: st.controller.signal,
    wrote: async (n) => {
      counted.rows += n;
      st.rowsWritten += n;
      current.rows = counted.rows;
      await saveRun(st);
    },
    arrived: ({ received, days }) => {
      current.received = (current.received ?? 0) + received;
      if (days !== undefined) current.days = (current.days ?? 0) + days;
    },
  };
}

/** A failed step: skipped when Seller Central refused access, else failed (and logged). */
async function stepFailed(
  st: RunState,
  current: Step,
  spConnection: string | null,
  error: unknown,
): Promise<void> {
  const { log } = st.deps;
  const { connections } = st.parts;
  if (error instanceof LeaseLost || st.controller.signal.aborted) throw error;
  current.error = error instanceof Error ? error.message : String(error);
  if (spConnection && isAccessRefusal(error)) {
    // Seller Central refused (a seller whose account Amazon does not let Starport read,
    // e.g. registered in another region): the catalogue and economics steps are
    // skipped with Amazon's reason on the connection, the advertising data still syncs.
    current.status = "skipped";
    await connections.markFailing(spConnection, error);
    log.warn({ runId: st.runId, step: current.key, err: error }, "SP-API access refused");
    return;
  }
  current.status = "failed";
  if (error instanceof AmazonAuthError) {
    st.authFailure = true;
    await connections
      .markRefusedConnections(st.run.sellerProfileId)
      .catch((e) => log.warn({ runId: st.runId, err: e }, "connections could not be checked"));
  }
  log.warn({ runId: st.runId, step: current.key, err: error }, "sync step failed");
}

/** Runs the pending step at `i`; the steps it plans are inserted after it. */
export async function runStep(st: RunState, i: number): Promise<void> {
  const current = st.steps[i] as Step;
  if (current.status !== "pending") return;
  if (st.controller.signal.aborted) throw st.controller.signal.reason;
  const counted = { rows: 0 };
  // What arrived is counted afresh when a step runs again.
  delete current.received;
  delete current.days;
  const ctx = stepContext(st, current, counted);
  const spConnection = spConnectionOf(current.key);
  if (spConnection && !(await st.parts.connections.isConnected(spConnection))) {
    current.status = "skipped";
    current.error = SP_NOT_CONNECTED;
    await saveRun(st);
    return;
  }
  try {
    const more = await st.parts.executor.execute(st.run, current.key, ctx);
    st.steps.splice(i + 1, 0, ...more);
    current.status = "done";
    current.rows = counted.rows;
  } catch (error) {
    await stepFailed(st, current, spConnection, error);
  }
  await saveRun(st);
}
