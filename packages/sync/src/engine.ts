/** The sync engine: runs as jobs (requested, queued fairly per customer, recovered, scheduled daily), composed from the parts in engine/. */
import { randomUUID } from "node:crypto";
import type { Amazon, PollOptions } from "@starport/amazon";
import type { Database, PgBoss } from "@starport/db";
import { fairWorkOptions, schema, sendFair } from "@starport/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { createAdvertisingSteps } from "./engine/advertising-steps.ts";
import { createCatalogueSteps } from "./engine/catalogue-steps.ts";
import { createConnections } from "./engine/connections.ts";
import type { EngineDeps, SyncRun } from "./engine/deps.ts";
import { createExecutor } from "./engine/execute.ts";
import { createPlanner } from "./engine/planning.ts";
import { createRunner, EngineStopped } from "./engine/run.ts";
import { ECONOMICS_SYNC_KIND, type SyncKind } from "./kinds.ts";
import type { TokenCipher } from "./secrets.ts";
import { rowsOf } from "./upsert.ts";

export type { SyncRun } from "./engine/deps.ts";
export { reportWindows } from "./engine/planning.ts";

export const SYNC_QUEUE = "amazon-sync";
/**
 * Economics runs (fee estimates, total sales per SKU and day) on a queue of their own: Amazon
 * rate-limits those APIs hard (one request every two seconds), so a large catalogue takes minutes,
 * and no seller's catalogue or advertising sync may wait behind another seller's economics.
 */
export const SYNC_ECONOMICS_QUEUE = "amazon-sync-economics";
const queueOf = (kind: string) =>
  kind === ECONOMICS_SYNC_KIND ? SYNC_ECONOMICS_QUEUE : SYNC_QUEUE;
/** Once a day: every connected seller profile gets a "daily" run (restated attribution). */
export const DAILY_SYNC_QUEUE = "amazon-sync-daily";
export const DAILY_SYNC_CRON = "30 4 * * *";

export interface SyncLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface SyncEngineOptions {
  db: Database;
  amazon: Amazon;
  cipher: TokenCipher;
  /** The job engine; without it runs are only executed by calling runSync (tests). */
  boss?: PgBoss;
  /** Report polling (tests poll fast). */
  poll?: PollOptions;
  /** Amazon's today (YYYY-MM-DD); reports end the day before. Default: the UTC date. */
  today?: () => string | Promise<string>;
  /** Rows per upsert statement. */
  chunkSize?: number;
  /** A worker holds a run this long without renewing (default 60 s); renewed every third of it. */
  leaseSeconds?: number;
  /** How often expired runs are taken over (default 30 s). */
  recoverSeconds?: number;
  /** Attempts of a run before it is marked failed (default 4). */
  maxAttempts?: number;
  /** Parallel runs in this process (default 2), at most one per customer. */
  concurrency?: number;
  /** Days of reports at the first connection (default 90) and every day (default 14). */
  initialReportDays?: number;
  dailyReportDays?: number;
  log?: SyncLogger;
  /** Called after every progress write (tests use it to stop a process mid-way). */
  onProgress?: (run: SyncRun) => void;
}

/** Told once a profile's report sync has succeeded; a failing hook is logged, never the run's. */
export type AfterReportSync = (event: {
  sellerProfileId: string;
  kind: string;
  /** Amazon's today, as the run's report windows were computed. */
  today: string;
}) => Promise<void>;

const QUIET: SyncLogger = { info() {}, warn() {}, error() {} };

export function createSyncEngine(options: SyncEngineOptions) {
  const { db, amazon, cipher } = options;
  const log = options.log ?? QUIET;
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const leaseSeconds = options.leaseSeconds ?? 60;
  const chunkSize = options.chunkSize ?? 5_000;
  const maxAttempts = options.maxAttempts ?? 4;
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  const poll = options.poll ?? { initialIntervalMs: 1_000, maxIntervalMs: 30_000 };
  let recoverTimer: NodeJS.Timeout | undefined;
  const afterReportHooks: AfterReportSync[] = [];
  /** The runs this engine executes now, by their lease owner: stop() hands them back. */
  const executing = new Map<string, AbortController>();

  const deps: EngineDeps = { db, amazon, cipher, log, chunkSize, poll, today, options };
  const connections = createConnections(deps);
  const planner = createPlanner(deps, connections);
  const executor = createExecutor(
    deps,
    planner,
    createAdvertisingSteps(deps, connections),
    createCatalogueSteps(deps, connections),
  );
  const { runSync } = createRunner(deps, {
    workerId,
    leaseSeconds,
    maxAttempts,
    executing,
    afterReportHooks,
    connections,
    planner,
    executor,
    requestSync,
  });

  // ---- runs --------------------------------------------------------------------------------

  /** Creates a run (or returns the one already waiting or running) and queues its job. */
  async function requestSync(
    sellerProfileId: string,
    kind: SyncKind,
    runOptions: Record<string, unknown> = {},
  ): Promise<SyncRun> {
    const [pending] = await db
      .select()
      .from(schema.syncRuns)
      .where(
        and(
          eq(schema.syncRuns.sellerProfileId, sellerProfileId),
          eq(schema.syncRuns.kind, kind),
          // A queued run plans its steps when it starts, so it covers what is connected by then.
          inArray(schema.syncRuns.status, ["queued"]),
        ),
      )
      .limit(1);
    if (pending) return pending;
    const [run] = await db
      .insert(schema.syncRuns)
      .values({ sellerProfileId, kind, options: runOptions })
      .returning();
    if (!run) throw new Error("sync run not created");
    if (options.boss) await enqueue(run.id, kind);
    return run;
  }

  /** Queues a run in its customer's turn (fair per customer, @starport/db sendFair). */
  async function enqueue(runId: string, kind: string) {
    const boss = options.boss;
    if (!boss) return;
    const [run] = await db
      .select({ customerId: schema.sellerProfiles.customerId })
      .from(schema.syncRuns)
      .innerJoin(
        schema.sellerProfiles,
        eq(schema.sellerProfiles.id, schema.syncRuns.sellerProfileId),
      )
      .where(eq(schema.syncRuns.id, runId));
    if (!run) return; // its seller profile was deleted meanwhile
    await sendFair(
      boss,
      queueOf(kind),
      run.customerId,
      { syncRunId: runId },
      { singletonKey: `run:${runId}`, retryLimit: maxAttempts, retryDelay: 5, retryBackoff: true },
    );
  }

  /** Runs a short sync (profiles, participations) in this request, without the queue. */
  async function runInline(sellerProfileId: string, kind: SyncKind): Promise<SyncRun["status"]> {
    const [run] = await db.insert(schema.syncRuns).values({ sellerProfileId, kind }).returning();
    if (!run) throw new Error("sync run not created");
    const status = await runSync(run.id);
    if (status === "retrying") {
      // Nobody else will pick it up: leave it to the queue when there is one, else fail it.
      if (options.boss) await enqueue(run.id, kind);
      else
        await db
          .update(schema.syncRuns)
          .set({ status: "failed" })
          .where(eq(schema.syncRuns.id, run.id));
    }
    return status;
  }

  /**
   * Queues runs nobody works on: those whose worker died (lease expired while running) and those
   * waiting without a job (created while the job engine was down). A run's job has the singleton
   * key `run:<id>`, so a run already waiting in the queue is not queued twice.
   */
  async function recover(): Promise<number> {
    const stale = rowsOf<{ id: string; kind: string }>(
      await db.execute(
        sql`select id, kind from sync_runs
            where (status = 'running' and lease_expires_at < now())
               or (status in ('queued', 'retrying') and (lease_expires_at is null or lease_expires_at < now()))`,
      ),
    );
    for (const { id, kind } of stale) await enqueue(id, kind);
    return stale.length;
  }

  /** Queues a "daily" run for every seller profile with a working connection; one profile each. */
  async function requestDailySyncs(): Promise<number> {
    const profiles = await db
      .selectDistinct({ id: schema.amazonConnections.sellerProfileId })
      .from(schema.amazonConnections)
      .where(eq(schema.amazonConnections.status, "connected"));
    for (const { id } of profiles) {
      try {
        await requestSync(id, "daily");
      } catch (error) {
        log.error({ err: error, sellerProfileId: id }, "daily sync could not be queued");
      }
    }
    return profiles.length;
  }

  /** Registers the job workers (sync runs, the daily schedule) and the recovery loop. */
  async function start(): Promise<void> {
    const boss = options.boss;
    if (!boss) throw new Error("start() needs the job engine");
    for (const queue of [SYNC_QUEUE, SYNC_ECONOMICS_QUEUE]) {
      await boss.createQueue(queue, { policy: "short", retryLimit: maxAttempts });
      await boss.work<{ syncRunId: string }>(
        queue,
        { ...fairWorkOptions(options.concurrency ?? 2), pollingIntervalSeconds: 1 },
        async ([job]) => {
          if (!job) return;
          const status = await runSync(job.data.syncRunId);
          if (status === "retrying") throw new Error("sync run has failed steps; retrying");
        },
      );
    }
    await boss.createQueue(DAILY_SYNC_QUEUE);
    await boss.schedule(DAILY_SYNC_QUEUE, DAILY_SYNC_CRON, {}, { tz: "Europe/Berlin" });
    await boss.work(DAILY_SYNC_QUEUE, async () => {
      await requestDailySyncs();
    });
    await recover();
    recoverTimer = setInterval(
      () => {
        recover().catch((error) => log.error({ err: error }, "sync recovery failed"));
      },
      (options.recoverSeconds ?? 30) * 1000,
    );
    recoverTimer.unref();
  }

  /**
   * Stops the recovery loop and hands back the runs being executed: each stops at once (an
   * economics run may otherwise sleep minutes on Amazon's rate limits) and keeps its checkpoint.
   */
  async function stop(): Promise<void> {
    if (recoverTimer) clearInterval(recoverTimer);
    for (const controller of executing.values()) controller.abort(new EngineStopped());
  }

  /** Registers work to run after a profile's report sync has succeeded (the optimiser's run). */
  function afterReportSync(hook: AfterReportSync): void {
    afterReportHooks.push(hook);
  }

  return {
    workerId,
    afterReportSync,
    requestSync,
    requestDailySyncs,
    runInline,
    runSync,
    recover,
    start,
    stop,
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
