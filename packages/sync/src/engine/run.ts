/** Sync engine: one run under a renewed lease, executed step by step, its outcome recorded. */
import { randomUUID } from "node:crypto";
import { AmazonApiError, AmazonAuthError } from "@starport/amazon";
import { schema } from "@starport/db";
import { and, eq, getTableName, sql } from "drizzle-orm";
import { syncArrivals } from "../arrivals.ts";
import { STOCK_UPSERT } from "../catalogue.ts";
import { FEES_UPSERT, SALES_UPSERT } from "../economics.ts";
import type { AfterReportSync } from "../engine.ts";
import { ECONOMICS_SYNC_KIND, type SyncKind } from "../kinds.ts";
import { PRODUCT_UPSERT } from "../specs.ts";
import { affected, rowsOf } from "../upsert.ts";
import type { Connections } from "./connections.ts";
import type { EngineDeps, Step, StepContext, SyncRun } from "./deps.ts";
import { ADVERTISING_TABLES, type Executor } from "./execute.ts";
import type { Planner } from "./planning.ts";

/** Every table runs fill in bulk: their statistics are refreshed when a run wrote rows. */
const SYNCED_TABLES = [
  ...new Set([
    ...ADVERTISING_TABLES,
    PRODUCT_UPSERT.table,
    STOCK_UPSERT.table,
    FEES_UPSERT.table,
    SALES_UPSERT.table,
    getTableName(schema.productCompetitors),
    getTableName(schema.competitorSnapshots),
  ]),
];

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

/** Runs whose reports feed the daily work after them (not a one-off entity or listing sync). */
const REPORT_SYNC_KINDS = ["initial", "daily", "reports"];

class LeaseLost extends Error {
  constructor() {
    super("the run was taken over by another worker");
  }
}

export class EngineStopped extends Error {
  constructor() {
    super("the sync engine is stopping");
  }
}

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

export function createRunner(deps: EngineDeps, parts: RunnerParts) {
  const { db, log, today, options } = deps;
  const { workerId, leaseSeconds, maxAttempts, executing, afterReportHooks, requestSync } = parts;
  const { isConnected, markFailing, markRefusedConnections } = parts.connections;
  const { initialSteps } = parts.planner;
  const { analyse, execute } = parts.executor;

  /**
   * Takes the run if nobody holds a live lease on it; null when it is done or held elsewhere. The
   * lease belongs to this one execution (`owner`), not to the process: two jobs for the same run
   * in one process (a duplicate queued by recovery while the first was starting) must not both
   * run it, and a process never resumes a lease it lost.
   */
  async function claim(runId: string, owner: string): Promise<SyncRun | null> {
    const rows = rowsOf<{ id: string }>(
      await db.execute(sql`
        update sync_runs set lease_owner = ${owner},
          lease_expires_at = now() + make_interval(secs => ${leaseSeconds}),
          status = 'running', attempts = attempts + 1, error = null,
          started_at = coalesce(started_at, now()), updated_at = now()
        where id = ${runId} and status in ('queued', 'running', 'retrying')
          and (lease_expires_at is null or lease_expires_at < now())
        returning id`),
    );
    if (!rows.length) return null;
    const [run] = await db.select().from(schema.syncRuns).where(eq(schema.syncRuns.id, runId));
    return run ?? null;
  }

  async function renew(runId: string, owner: string): Promise<boolean> {
    const result = await db.execute(sql`
      update sync_runs set lease_expires_at = now() + make_interval(secs => ${leaseSeconds})
      where id = ${runId} and lease_owner = ${owner} and status = 'running'`);
    return affected(result) > 0;
  }

  /**
   * Runs (or resumes) a sync run to its end. Steps already done are skipped, so a run killed
   * mid-way continues where it stopped. Returns the run's status afterwards: "retrying" means a
   * step failed and another attempt is due.
   */
  async function runSync(runId: string): Promise<SyncRun["status"]> {
    const owner = `${workerId}:${randomUUID().slice(0, 8)}`;
    const claimed = await claim(runId, owner);
    if (!claimed) {
      const [current] = await db
        .select()
        .from(schema.syncRuns)
        .where(eq(schema.syncRuns.id, runId));
      return current?.status ?? "failed";
    }
    let run: SyncRun = claimed;
    const controller = new AbortController();
    executing.set(owner, controller);
    const renewal = setInterval(
      () => {
        renew(runId, owner)
          .then((held) => {
            if (!held) controller.abort(new LeaseLost());
          })
          .catch(() => {});
      },
      Math.max(500, (leaseSeconds * 1000) / 3),
    );
    // Planned when the run first starts (the checkpoint from then on).
    const planned =
      run.steps.length > 0
        ? run.steps
        : await initialSteps(run.sellerProfileId, run.kind as SyncKind);
    const steps: Step[] = planned.map((s) =>
      s.status === "failed" ? { ...s, status: "pending", error: undefined } : s,
    );
    let rowsWritten = run.rowsWritten;
    let authFailure = false;
    const save = async (extra: Partial<typeof schema.syncRuns.$inferInsert> = {}) => {
      const [saved] = await db
        .update(schema.syncRuns)
        .set({
          steps,
          stepsDone: steps.filter((s) => s.status !== "pending").length,
          stepsTotal: steps.length,
          rowsWritten,
          updatedAt: new Date(),
          // What arrived so far.
          result: { arrived: syncArrivals(steps) },
          ...extra,
        })
        .where(and(eq(schema.syncRuns.id, runId), eq(schema.syncRuns.leaseOwner, owner)))
        .returning();
      if (!saved) throw new LeaseLost();
      run = saved;
      options.onProgress?.(saved);
    };
    try {
      for (let i = 0; i < steps.length; i++) {
        const current = steps[i] as Step;
        if (current.status !== "pending") continue;
        if (controller.signal.aborted) throw controller.signal.reason;
        let stepRows = 0;
        // What arrived is counted afresh when a step runs again.
        delete current.received;
        delete current.days;
        const ctx: StepContext = {
          run,
          signal: controller.signal,
          wrote: async (n) => {
            stepRows += n;
            rowsWritten += n;
            current.rows = stepRows;
            await save();
          },
          arrived: ({ received, days }) => {
            current.received = (current.received ?? 0) + received;
            if (days !== undefined) current.days = (current.days ?? 0) + days;
          },
        };
        const spConnection = spConnectionOf(current.key);
        if (spConnection && !(await isConnected(spConnection))) {
          current.status = "skipped";
          current.error = SP_NOT_CONNECTED;
          await save();
          continue;
        }
        try {
          const more = await execute(run, current.key, ctx);
          steps.splice(i + 1, 0, ...more);
          current.status = "done";
          current.rows = stepRows;
        } catch (error) {
          if (error instanceof LeaseLost || controller.signal.aborted) throw error;
          current.error = error instanceof Error ? error.message : String(error);
          if (spConnection && isAccessRefusal(error)) {
            // Seller Central refused (a seller whose account Amazon does not let Starport read,
            // e.g. registered in another region): the catalogue and economics steps are
            // skipped with Amazon's reason on the connection, the advertising data still syncs.
            current.status = "skipped";
            await markFailing(spConnection, error);
            log.warn({ runId, step: current.key, err: error }, "SP-API access refused");
            await save();
            continue;
          }
          current.status = "failed";
          if (error instanceof AmazonAuthError) {
            authFailure = true;
            await markRefusedConnections(run.sellerProfileId).catch((e) =>
              log.warn({ runId, err: e }, "connections could not be checked"),
            );
          }
          log.warn({ runId, step: current.key, err: error }, "sync step failed");
        }
        await save();
      }
      if (rowsWritten > 0) await analyse(SYNCED_TABLES, runId);
      const failed = steps.filter((s) => s.status === "failed");
      const status =
        failed.length === 0
          ? "succeeded"
          : authFailure || run.attempts >= maxAttempts
            ? "failed"
            : "retrying";
      await save({
        status,
        error: failed.length ? `${failed.length} step(s) failed: ${failed[0]?.error}` : null,
        finishedAt: status === "retrying" ? null : new Date(),
        leaseOwner: null,
        leaseExpiresAt: null,
      });
      log.info(
        { syncRun: runId, worker: workerId, status, attempt: run.attempts, rows: rowsWritten },
        "sync run ended",
      );
      // Fresh reports: what depends on them (the optimiser) is told, without the engine knowing it.
      if (
        status === "succeeded" &&
        REPORT_SYNC_KINDS.includes(run.kind) &&
        steps.some((s) => s.key.startsWith("report:") && s.status === "done")
      ) {
        const day = await today();
        for (const hook of afterReportHooks)
          await hook({ sellerProfileId: run.sellerProfileId, kind: run.kind, today: day }).catch(
            (error) => log.error({ err: error, syncRun: runId }, "after-report hook failed"),
          );
      }
      // Fresh listings: their fees and total sales follow in a run of their own (own queue).
      if (
        status !== "retrying" &&
        steps.some((s) => s.key.startsWith("listings:") && s.status === "done")
      ) {
        await requestSync(run.sellerProfileId, ECONOMICS_SYNC_KIND).catch((error) =>
          log.error({ err: error, syncRun: runId }, "economics sync could not be queued"),
        );
      }
      return status;
    } catch (error) {
      if (controller.signal.reason instanceof EngineStopped) {
        // Handed back: the lease ends now, so the next worker (or this one after a restart)
        // takes the run over at its first step not done, without waiting for the lease.
        await db
          .update(schema.syncRuns)
          .set({ leaseExpiresAt: new Date(0), updatedAt: new Date() })
          .where(and(eq(schema.syncRuns.id, runId), eq(schema.syncRuns.leaseOwner, owner)))
          .catch(() => {});
        log.info({ syncRun: runId, worker: workerId }, "sync run handed back (stopping)");
        return "running";
      }
      if (error instanceof LeaseLost || controller.signal.aborted) return "running";
      throw error;
    } finally {
      clearInterval(renewal);
      executing.delete(owner);
    }
  }

  return { runSync };
}
