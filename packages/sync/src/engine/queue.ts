/** Runs as jobs: requested, queued fairly per customer, run inline, recovered, requested daily. */
import { fairWorkOptions, type PgBoss, schema, sendFair } from "@starport/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AfterReportSync } from "../engine.ts";
import { ECONOMICS_SYNC_KIND, type SyncKind } from "../kinds.ts";
import { rowsOf } from "../upsert.ts";
import type { EngineDeps, SyncRun } from "./deps.ts";
import { EngineStopped } from "./run.ts";

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

/** The engine's own state, shared by its job functions. */
export interface EngineCore {
  deps: EngineDeps;
  workerId: string;
  maxAttempts: number;
  afterReportHooks: AfterReportSync[];
  /** The runs this engine executes now, by their lease owner: stop() hands them back. */
  executing: Map<string, AbortController>;
  runSync: (runId: string) => Promise<SyncRun["status"]>;
  recoverTimer?: NodeJS.Timeout | undefined;
}

/** Creates a run (or returns the one already waiting or running) and queues its job. */
export async function requestSync(
  core: EngineCore,
  sellerProfileId: string,
  kind: SyncKind,
  runOptions: Record<string, unknown> = {},
): Promise<SyncRun> {
  const { db, options } = core.deps;
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
  if (options.boss) await enqueue(core, run.id, kind);
  return run;
}

/** Queues a run in its customer's turn (fair per customer, @starport/db sendFair). */
async function enqueue(core: EngineCore, runId: string, kind: string): Promise<void> {
  const { db, options } = core.deps;
  const boss = options.boss;
  if (!boss) return;
  const [run] = await db
    .select({ customerId: schema.sellerProfiles.customerId })
    .from(schema.syncRuns)
    .innerJoin(schema.sellerProfiles, eq(schema.sellerProfiles.id, schema.syncRuns.sellerProfileId))
    .where(eq(schema.syncRuns.id, runId));
  if (!run) return; // its seller profile was deleted meanwhile
  await sendFair(
    boss,
    queueOf(kind),
    run.customerId,
    { syncRunId: runId },
    {
      singletonKey: `run:${runId}`,
      retryLimit: core.maxAttempts,
      retryDelay: 5,
      retryBackoff: true,
    },
  );
}

/** Runs a short sync (profiles, participations) in this request, without the queue. */
export async function runInline(
  core: EngineCore,
  sellerProfileId: string,
  kind: SyncKind,
): Promise<SyncRun["status"]> {
  const { db, options } = core.deps;
  const [run] = await db.insert(schema.syncRuns).values({ sellerProfileId, kind }).returning();
  if (!run) throw new Error("sync run not created");
  const status = await core.runSync(run.id);
  if (status === "retrying") {
    // Nobody else will pick it up: leave it to the queue when there is one, else fail it.
    if (options.boss) await enqueue(core, run.id, kind);
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
export async function recover(core: EngineCore): Promise<number> {
  const stale = rowsOf<{ id: string; kind: string }>(
    await core.deps.db.execute(
      sql`select id, kind from sync_runs
          where (status = 'running' and lease_expires_at < now())
             or (status in ('queued', 'retrying') and (lease_expires_at is null or lease_expires_at < now()))`,
    ),
  );
  for (const { id, kind } of stale) await enqueue(core, id, kind);
  return stale.length;
}

/** Queues a "daily" run for every seller profile with a working connection; one profile each. */
export async function requestDailySyncs(core: EngineCore): Promise<number> {
  const { db, log } = core.deps;
  const profiles = await db
    .selectDistinct({ id: schema.amazonConnections.sellerProfileId })
    .from(schema.amazonConnections)
    .where(eq(schema.amazonConnections.status, "connected"));
  for (const { id } of profiles) {
    try {
      await requestSync(core, id, "daily");
    } catch (error) {
      log.error({ err: error, sellerProfileId: id }, "daily sync could not be queued");
    }
  }
  return profiles.length;
}

async function workRuns(core: EngineCore, boss: PgBoss): Promise<void> {
  const { options } = core.deps;
  for (const queue of [SYNC_QUEUE, SYNC_ECONOMICS_QUEUE]) {
    await boss.createQueue(queue, { policy: "short", retryLimit: core.maxAttempts });
    await boss.work<{ syncRunId: string }>(
      queue,
      { ...fairWorkOptions(options.concurrency ?? 2), pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (!job) return;
        const status = await core.runSync(job.data.syncRunId);
        if (status === "retrying") throw new Error("sync run has failed steps; retrying");
      },
    );
  }
}

/** Registers the job workers (sync runs, the daily schedule) and the recovery loop. */
export async function start(core: EngineCore): Promise<void> {
  const { options, log } = core.deps;
  const boss = options.boss;
  if (!boss) throw new Error("start() needs the job engine");
  await workRuns(core, boss);
  await boss.createQueue(DAILY_SYNC_QUEUE);
  await boss.schedule(DAILY_SYNC_QUEUE, DAILY_SYNC_CRON, {}, { tz: "Europe/Berlin" });
  await boss.work(DAILY_SYNC_QUEUE, async () => {
    await requestDailySyncs(core);
  });
  await recover(core);
  core.recoverTimer = setInterval(
    () => {
      recover(core).catch((error) => log.error({ err: error }, "sync recovery failed"));
    },
    (options.recoverSeconds ?? 30) * 1000,
  );
  core.recoverTimer.unref();
}

/**
 * Stops the recovery loop and hands back the runs being executed: each stops at once (an
 * economics run may otherwise sleep minutes on Amazon's rate limits) and keeps its checkpoint.
 */
export async function stop(core: EngineCore): Promise<void> {
  if (core.recoverTimer) clearInterval(core.recoverTimer);
  for (const controller of core.executing.values()) controller.abort(new EngineStopped());
}
