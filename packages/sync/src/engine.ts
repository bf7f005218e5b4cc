/** The sync engine: runs as jobs (requested, queued fairly per customer, recovered, scheduled daily), composed from the parts in engine/. */
import { randomUUID } from "node:crypto";
import type { Amazon, PollOptions } from "@starport/amazon";
import type { Database, PgBoss } from "@starport/db";
import { createAdvertisingSteps } from "./engine/advertising-steps.ts";
import { createCatalogueSteps } from "./engine/catalogue-steps.ts";
import { createConnections } from "./engine/connections.ts";
import type { EngineDeps, SyncRun } from "./engine/deps.ts";
import { createExecutor } from "./engine/execute.ts";
import { createPlanner } from "./engine/planning.ts";
import type { EngineCore } from "./engine/queue.ts";
import * as queue from "./engine/queue.ts";
import { type RunnerParts, runSync } from "./engine/run.ts";
import type { SyncKind } from "./kinds.ts";
import type { TokenCipher } from "./secrets.ts";

export type { SyncRun } from "./engine/deps.ts";
export { reportWindows } from "./engine/planning.ts";

export {
  DAILY_SYNC_CRON,
  DAILY_SYNC_QUEUE,
  SYNC_ECONOMICS_QUEUE,
  SYNC_QUEUE,
} from "./engine/queue.ts";

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
  const log = options.log ?? QUIET;
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const leaseSeconds = options.leaseSeconds ?? 60;
  const chunkSize = options.chunkSize ?? 5_000;
  const maxAttempts = options.maxAttempts ?? 4;
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  const poll = options.poll ?? { initialIntervalMs: 1_000, maxIntervalMs: 30_000 };
  const { db, amazon, cipher } = options;
  const deps: EngineDeps = { db, amazon, cipher, log, chunkSize, poll, today, options };
  const connections = createConnections(deps);
  const planner = createPlanner(deps, connections);
  const executor = createExecutor(
    deps,
    planner,
    createAdvertisingSteps(deps, connections),
    createCatalogueSteps(deps, connections),
  );
  const core: EngineCore = {
    deps,
    workerId,
    maxAttempts,
    afterReportHooks: [],
    executing: new Map(),
    runSync: (runId) => runSync(deps, parts, runId),
  };
  const requestSync = (
    sellerProfileId: string,
    kind: SyncKind,
    runOptions: Record<string, unknown> = {},
  ): Promise<SyncRun> => queue.requestSync(core, sellerProfileId, kind, runOptions);
  const parts: RunnerParts = {
    workerId,
    leaseSeconds,
    maxAttempts,
    executing: core.executing,
    afterReportHooks: core.afterReportHooks,
    connections,
    planner,
    executor,
    requestSync,
  };
  return {
    workerId,
    /** Registers work to run after a profile's report sync has succeeded (the optimiser's run). */
    afterReportSync: (hook: AfterReportSync): void => {
      core.afterReportHooks.push(hook);
    },
    requestSync,
    requestDailySyncs: () => queue.requestDailySyncs(core),
    runInline: (sellerProfileId: string, kind: SyncKind) =>
      queue.runInline(core, sellerProfileId, kind),
    runSync: core.runSync,
    recover: () => queue.recover(core),
    start: () => queue.start(core),
    stop: () => queue.stop(core),
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
