import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import fastifyCookie from "@fastify/cookie";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import { apiPlugin, scheduleConversionRateRefresh, startProductImportJobs } from "@starport/api";
import { createTokenService, resolveJwtSecret } from "@starport/api/auth";
import type { Config } from "@starport/config";
import { toPublicConfig } from "@starport/config";
import type { DatabaseConnection, PgBoss } from "@starport/db";
import { pingDatabase } from "@starport/db";
import { type FastifyInstance, fastify } from "fastify";
import { RouterContextProvider } from "react-router";
import type { ViteDevServer } from "vite";
import { serverContext } from "#server-context";
import { startAmazonRuntime } from "./amazon.ts";
import { captureServerError } from "./error-reporting.ts";

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
}

/** One Fastify process: the JSON API under /api and the server-rendered web app for the rest. */
export async function buildServer({
  config,
  database,
  jobs,
  vite,
}: ServerDependencies): Promise<FastifyInstance> {
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

  await app.register(fastifyCookie);
  const tokens = createTokenService({
    secret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    db: database.db,
  });
  const amazonRuntime = await startAmazonRuntime(config, database, jobs, app.log);
  if (amazonRuntime) app.addHook("onClose", () => amazonRuntime.stop());
  const productImports = await startProductImportJobs(jobs, database.db, {
    dataDir: config.dataDir,
  });
  await app.register(apiPlugin, {
    productImports,
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
  });
  await scheduleConversionRateRefresh(jobs, database.db, {
    url: config.conversionRatesUrl,
    log: app.log,
  });

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
        publicConfig,
        isProduction: config.isProduction,
        diagnosticRoutes: config.diagnosticRoutes,
        apiTransport: (path, init) => injectFetch(app, path, init, request.id),
      });
      return context;
    },
  });

  return app;
}
