import { pathToFileURL } from "node:url";
import { type Config, ConfigError, loadConfig } from "@starport/config";
import { type DatabaseConnection, DEMO_ACCOUNTS } from "@starport/db";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import type { ViteDevServer } from "vite";
import { type RunningSandbox, startAmazonSandbox } from "./server/amazon-sandbox.ts";
import { buildServer, buildWorkerServer } from "./server/app.ts";
import { flushServerErrorReporting, initServerErrorReporting } from "./server/error-reporting.ts";
import { startRuntime } from "./server/lifecycle.ts";

export interface CreateServerOptions {
  /** Serve the web app besides /api (default true); see ServerDependencies.ssr. */
  ssr?: boolean;
  /**
   * Routes of the browser tests' server script (apps/web/scripts/e2e-server.ts), never of the
   * product's: registered on a web process with its database before it listens.
   */
  testRoutes?: (app: FastifyInstance, database: DatabaseConnection) => void;
}

/**
 * Factory used by `react-router dev` (through the Fastify Vite plugin) and by runServer below.
 * STARPORT_ROLE decides what it builds: the web server (all, web) or a worker (worker).
 */
export async function createServer(
  vite?: ViteDevServer,
  { ssr = true, testRoutes }: CreateServerOptions = {},
): Promise<FastifyInstance> {
  const config = loadConfig();
  await initServerErrorReporting(config);
  const runtime = await startRuntime(config);
  try {
    const app = config.servesHttp
      ? await buildServer({ config, ...runtime, vite, ssr })
      : await buildWorkerServer({ config, ...runtime });
    if (config.servesHttp) testRoutes?.(app, runtime.database);
    app.addHook("onClose", async () => runtime.stop());
    return app;
  } catch (error) {
    await runtime.stop().catch(() => {});
    throw error;
  }
}

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[starport] ${error.message}`);
      process.exit(78);
    }
    throw error;
  }
}

/** The process: config, the sandbox child (when on), the server, signals, listen. */
export async function runServer(options: CreateServerOptions = {}): Promise<void> {
  const config = loadConfigOrExit();
  // Started first: the sandbox simulates its demo seller while this process migrates.
  let sandbox: RunningSandbox | null = null;
  if (config.servesHttp && config.amazonSandbox.enabled) {
    sandbox = startAmazonSandbox(config, pino({ level: config.logLevel }));
  }
  let app: FastifyInstance;
  try {
    app = await createServer(undefined, options);
  } catch (error) {
    await sandbox?.close();
    throw error;
  }
  if (sandbox) {
    const running = sandbox;
    app.addHook("onClose", () => running.close());
  }
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      app.log.error("shutdown timed out, exiting");
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      await app.close();
      await flushServerErrorReporting(2_000);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  if (sandbox) {
    try {
      await sandbox.ready;
    } catch (error) {
      await app.close().catch(() => {});
      throw error;
    }
  }
  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl;
  if (!config.servesHttp) {
    console.log(`\n  Starport worker ${process.pid} is running jobs (health: ${url}/api/health)\n`);
    return;
  }
  const logins = config.seedDemo
    ? DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(22)} ${a.password}`).join("\n")
    : "";
  const lines = [
    `  Starport is running at ${url}${config.role === "web" ? " (web only: jobs run in workers)" : ""}`,
    `  English: ${url}/en`,
    ...(sandbox ? [`  Local Amazon sandbox: ${sandbox.url}`] : []),
    ...(logins ? ["", "  Demo logins:", logins] : []),
  ];
  console.log(`\n${lines.join("\n")}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runServer().catch((error) => {
    console.error("[starport] failed to start:", error);
    process.exit(1);
  });
}
