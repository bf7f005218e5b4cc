import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import fastifyCookie from "@fastify/cookie";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import {
  apiPlugin,
  type ChangeJobs,
  DEFAULT_AUTH_RATE_LIMITS,
  healthRoutes,
  optimiserAfterReportSync,
  scheduleConversionRateRefresh,
  scheduleHousekeeping,
  startChangeJobs,
  startOptimiserJobs,
  startProductImportJobs,
} from "@starport/api";
import { createTokenService, resolveJwtSecret, type TokenService } from "@starport/api/auth";
import type { Config } from "@starport/config";
import { toPublicConfig } from "@starport/config";
import type { DatabaseConnection, PgBoss } from "@starport/db";
import { pingDatabase } from "@starport/db";
import { type FastifyInstance, fastify } from "fastify";
import { RouterContextProvider } from "react-router";
import type { ViteDevServer } from "vite";
import { serverContext } from "#server-context";
import { startAmazonRuntime } from "./amazon.ts";
import { canonicalHostRedirect } from "./canonical-host.ts";
import { captureServerError } from "./error-reporting.ts";
import { saveMemoryWhenIdle } from "./idle-memory.ts";
import { cspNonceOf, registerSecurityHeaders } from "./security-headers.ts";

const WEB_ROOT = resolve(import.meta.dirname, "..");

/** A fetch-shaped call into this server's own API, without leaving the process. */
async function injectFetch(
  app: FastifyInstance,
  path: string,
  init: RequestInit,
  requestId: string,
): Promise<Response> {
  if (!path.startsWith("/api/"))
    throw new Error(`in-process calls reach the API only, not ${path}`);
  const headers: Record<string, string> = { "x-request-id": requestId };
  new Headers(init.headers).forEach((value, key) => {
    headers[key] = value;
  });
  const result = await app.inject({
    method: (init.method ?? "GET") as "GET",
    url: path,
    headers,
    payload: typeof init.body === "string" ? init.body : undefined,
  });
  const responseHeaders = new Headers();
  for (const [key, value] of Object.entries(result.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [String(value)])
      responseHeaders.append(key, item);
  }
  const body =
    result.statusCode === 204 || result.statusCode === 304
      ? null
      : new Uint8Array(result.rawPayload);
  return new Response(body, { status: result.statusCode, headers: responseHeaders });
}

export interface ServerDependencies {
  config: Config;
  database: DatabaseConnection;
  jobs: PgBoss;
  vite?: ViteDevServer | undefined;
  /**
   * Serves the server-rendered web app besides /api (default true). Only the multi-process test's
   * web entry turns it off: it runs before the web build exists (`npm test` builds afterwards).
   */
  ssr?: boolean;
}

function createFastify(config: Config): FastifyInstance {
  const app = fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie"],
    },
    requestIdHeader: "x-request-id",
    genReqId: () => randomUUID(),
    bodyLimit: 2 * 1024 * 1024,
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  saveMemoryWhenIdle(app);
  return app;
}

/** The jobs of a process that runs workers (roles all and worker) besides the sync engine's. */
async function startWorkerJobs(
  app: FastifyInstance,
  { config, database, jobs }: ServerDependencies,
) {
  await scheduleConversionRateRefresh(jobs, database.db, {
    url: config.conversionRatesUrl,
    log: app.log,
  });
  // nightly: the audit log's 365 days, expired revocations and ended sessions
  const tokens = createTokenService({
    secret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    db: database.db,
  });
  await scheduleHousekeeping(jobs, database.db, tokens, app.log);
}

/**
 * The optimiser's run queue, and its daily run after each profile's report sync (the sync
 * engine's hook: a run per profile and day).
 */
async function startOptimiser(
  deps: ServerDependencies,
  changes: ChangeJobs,
  amazonRuntime: Awaited<ReturnType<typeof startAmazonRuntime>>,
  work: boolean,
) {
  const optimiser = await startOptimiserJobs(deps.jobs, deps.database.db, changes, {
    work,
    ...(amazonRuntime?.today ? { today: amazonRuntime.today } : {}),
  });
  amazonRuntime?.engine.afterReportSync(async ({ sellerProfileId, today }) =>
    optimiserAfterReportSync(deps.database.db, () => optimiser)(sellerProfileId, today),
  );
  return optimiser;
}

/**
 * A worker process (role worker): the job workers (Amazon syncs, conversion rates, schedules) and
 * GET /api/health for the orchestrator; no API, no web app.
 */
export async function buildWorkerServer(deps: ServerDependencies): Promise<FastifyInstance> {
  const { config, database, jobs } = deps;
  const app = createFastify(config);
  const amazonRuntime = await startAmazonRuntime(config, database, jobs, app.log);
  // preClose: the workers hand their runs back before pg-boss's graceful stop (an onClose hook,
  // runtime.stop) waits for them; as onClose hooks they ran after it, and the stop waited out its
  // timeout for a sync sleeping on Amazon's rate limits (exit 1 after 10 s).
  if (amazonRuntime) app.addHook("preClose", () => amazonRuntime.stop());
  await app.register(
    async (api) =>
      healthRoutes(api, {
        databaseDriver: database.kind,
        pingDatabase: () => pingDatabase(database),
        pingJobs: async () => {
          await jobs.getQueues();
        },
      }),
    { prefix: "/api" },
  );
  const changes = await startChangeJobs(jobs, database.db, amazonRuntime?.deps);
  const optimiser = await startOptimiser(deps, changes, amazonRuntime, true);
  // The imports a web process queues (DATA_DIR is shared storage when there are several hosts).
  const productImports = await startProductImportJobs(jobs, database.db, {
    dataDir: config.dataDir,
    ...(amazonRuntime ? { amazon: amazonRuntime.deps } : {}),
  });
  app.addHook("preClose", async () => {
    changes.stop();
    optimiser.stop();
    productImports.stop();
  });
  await startWorkerJobs(app, deps);
  return app;
}

/**
 * DIAGNOSTIC_ROUTES only (browser tests): POST /__diagnostics/expired-token with a Bearer token
 * answers a token of the same user and session that expired an hour ago, so a test sees what a
 * seller who closed the tab for hours sees, without waiting an hour. It grants nothing the
 * caller does not have.
 */
function registerExpiredTokenDiagnostic(
  app: FastifyInstance,
  tokens: TokenService,
  secret: string,
  database: DatabaseConnection,
) {
  const past = createTokenService({
    secret,
    db: database.db,
    now: () => Date.now() - 2 * tokens.lifetimeSeconds * 1000,
  });
  app.post("/__diagnostics/expired-token", async (request, reply) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
    try {
      const principal = await tokens.verify(match?.[1] ?? "");
      if (!principal.sessionId) return reply.code(400).send({ detail: "no session" });
      const { token } = await past.issue(
        { id: principal.userId, customerId: principal.customerId, roles: principal.roles },
        principal.sessionId,
      );
      return { token };
    } catch {
      return reply.code(401).send({ detail: "Invalid JWT Token" });
    }
  });
}

/**
 * A web process (roles all and web): the JSON API under /api and the server-rendered web app for
 * the rest; with role all also the job workers.
 */
export async function buildServer(deps: ServerDependencies): Promise<FastifyInstance> {
  const { config, database, jobs, vite, ssr = true } = deps;
  const app = createFastify(config);
  // Vite's dev server has a port of its own; there PUBLIC_URL names no running server.
  if (!vite) app.addHook("onRequest", canonicalHostRedirect(config.publicUrl));

  await registerSecurityHeaders(app, config, { devServer: Boolean(vite) });
  await app.register(fastifyCookie);
  const secret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const tokens = createTokenService({ secret, db: database.db });
  if (config.diagnosticRoutes) registerExpiredTokenDiagnostic(app, tokens, secret, database);
  const amazonRuntime = await startAmazonRuntime(config, database, jobs, app.log);
  // preClose: the workers hand their runs back before pg-boss's graceful stop (an onClose hook,
  // runtime.stop) waits for them; as onClose hooks they ran after it, and the stop waited out its
  // timeout for a sync sleeping on Amazon's rate limits (exit 1 after 10 s).
  if (amazonRuntime) app.addHook("preClose", () => amazonRuntime.stop());
  // The uploaded files live in DATA_DIR: with several hosts it must be shared storage.
  const productImports = await startProductImportJobs(jobs, database.db, {
    dataDir: config.dataDir,
    quotaBytes: config.importQuotaBytes,
    work: config.runsWorkers,
    ...(amazonRuntime ? { amazon: amazonRuntime.deps } : {}),
  });
  // Pushed change batches are applied to Amazon by this queue's workers (roles all and worker).
  const changes = await startChangeJobs(jobs, database.db, amazonRuntime?.deps, {
    work: config.runsWorkers,
  });
  const optimiser = await startOptimiser(deps, changes, amazonRuntime, config.runsWorkers);
  app.addHook("preClose", async () => {
    changes.stop();
    optimiser.stop();
    productImports.stop();
  });
  await app.register(apiPlugin, {
    productImports,
    changes,
    optimiser,
    ...(amazonRuntime ? { amazon: amazonRuntime.deps } : {}),
    prefix: "/api",
    reportError: captureServerError,
    db: database.db,
    tokens,
    databaseDriver: database.kind,
    pingDatabase: () => pingDatabase(database),
    pingJobs: async () => {
      await jobs.getQueues();
    },
    devMode: config.devMode,
    hydraPrefix: config.hydraPrefix,
    rateLimits: {
      ...DEFAULT_AUTH_RATE_LIMITS,
      registerPerIp: { limit: config.registrationsPerAddressPerHour, windowSeconds: 60 * 60 },
    },
  });
  if (config.runsWorkers) await startWorkerJobs(app, deps);
  if (!ssr) return app;

  const publicConfig = toPublicConfig(config);
  await app.register(fastifyReactRouter, {
    devServer: vite,
    serverBuildPath: resolve(WEB_ROOT, "build/server/index.js"),
    clientBuildDirectory: resolve(WEB_ROOT, "build/client"),
    assetCacheControl: "public, max-age=31536000, immutable",
    fileCacheControl: "public, max-age=300",
    getLoadContext(request) {
      const context = new RouterContextProvider();
      context.set(serverContext, {
        requestId: request.id,
        cspNonce: cspNonceOf(request.raw),
        publicConfig,
        isProduction: config.isProduction,
        diagnosticRoutes: config.diagnosticRoutes,
        apiTransport: (path, init) => injectFetch(app, path, init, request.id),
        ...(amazonRuntime?.pageToday ? { amazonToday: amazonRuntime.pageToday } : {}),
      });
      return context;
    },
  });

  return app;
}
