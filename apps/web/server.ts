import { pathToFileURL } from "node:url";
import { ConfigError, loadConfig } from "@starport/config";
import { DEMO_ACCOUNTS } from "@starport/db";
import type { ViteDevServer } from "vite";
import { startAmazonSandbox } from "./server/amazon-sandbox.ts";
import { buildServer } from "./server/app.ts";
import { flushServerErrorReporting, initServerErrorReporting } from "./server/error-reporting.ts";
import { startRuntime } from "./server/lifecycle.ts";

/** Factory used by `react-router dev` (through the Fastify Vite plugin) and by the main block below. */
export async function createServer(vite?: ViteDevServer) {
  const config = loadConfig();
  initServerErrorReporting(config);
  const runtime = await startRuntime(config);
  const app = await buildServer({ config, ...runtime, vite });
  app.addHook("onClose", async () => runtime.stop());
  return app;
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[starport] ${error.message}`);
      process.exit(78);
    }
    throw error;
  }
  const app = await createServer();
  let sandboxUrl: string | null = null;
  if (config.amazonSandbox.enabled) {
    const sandbox = await startAmazonSandbox(config, app.log);
    app.addHook("onClose", () => sandbox.close());
    sandboxUrl = sandbox.url;
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

  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl;
  const logins = config.seedDemo
    ? DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(22)} ${a.password}`).join("\n")
    : "";
  const lines = [
    `  Starport is running at ${url}`,
    `  English: ${url}/en`,
    ...(sandboxUrl ? [`  Local Amazon sandbox: ${sandboxUrl}`] : []),
    ...(logins ? ["", "  Demo logins:", logins] : []),
  ];
  console.log(`\n${lines.join("\n")}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error("[starport] failed to start:", error);
    process.exit(1);
  });
}
