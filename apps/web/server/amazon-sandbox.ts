import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
// Its credentials only: the package's index is the whole simulation (60 modules), which runs in
// the child process and has no business in this one's heap.
import { DEMO_CLIENT } from "@starport/amazon-sandbox/auth";
import type { Config } from "@starport/config";
import type { FastifyBaseLogger } from "fastify";

export interface RunningSandbox {
  url: string;
  clientId: string;
  /** Resolves once the sandbox answers (its demo seller simulated); rejects when it fails to start. */
  ready: Promise<void>;
  close(): Promise<void>;
}

const STANDALONE = join(
  dirname(createRequire(import.meta.url).resolve("@starport/amazon-sandbox")),
  "standalone.ts",
);

/**
 * The local Amazon the demo talks to: same endpoints as Amazon's, its own port, a demo seller
 * with 90 simulated days. It runs in its own process (packages/amazon-sandbox's standalone
 * entry), so simulating days never stalls this server's event loop nor grows its heap; it ends
 * with this process. Pointing the Amazon URLs at real hosts is the only production change.
 */
export function startAmazonSandbox(config: Config, log: FastifyBaseLogger): RunningSandbox {
  const url = `http://localhost:${config.amazonSandbox.port}`;
  const child = spawn(process.execPath, [STANDALONE], {
    env: {
      ...process.env,
      SANDBOX_PORT: String(config.amazonSandbox.port),
      SANDBOX_HOST: "127.0.0.1",
      SANDBOX_BASE_URL: url,
      SANDBOX_SEED: "42",
      SANDBOX_DEMO_DAYS: String(config.amazonSandbox.demoDays),
      SANDBOX_EXIT_WITH_PARENT: "1",
      // The refresh tokens it issued outlive a restart, as the database holding them does.
      SANDBOX_STATE_DIR: join(config.dataDir, "amazon-sandbox"),
    },
    // stdin stays open while this process lives: the sandbox ends when it closes.
    stdio: ["pipe", "pipe", "pipe"],
  });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => {
      output.push(line);
      if (output.length > 50) output.shift();
      log.debug({ sandbox: line }, "amazon sandbox");
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const started = Date.now();
  const ready = waitUntilAnswering(url, child, exited).then(
    () => log.info({ url, ms: Date.now() - started }, "amazon sandbox started"),
    (error: Error) => {
      child.kill("SIGKILL");
      throw new Error(`${error.message}\n${output.join("\n")}`);
    },
  );
  // Not awaited by everyone: keep a failure from becoming an unhandled rejection.
  ready.catch(() => {});
  return {
    url,
    clientId: DEMO_CLIENT.clientId,
    ready,
    close: () => stopChild(child, exited),
  };
}

async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  exited: Promise<number | null>,
): Promise<void> {
  let code: number | null | undefined;
  void exited.then((c) => {
    code = c;
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (code !== undefined || child.exitCode !== null)
      throw new Error(`the Amazon sandbox exited (${code ?? child.exitCode}) before answering`);
    try {
      const response = await fetch(`${url}/__sandbox/state`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (response.ok) return;
    } catch {
      // Still simulating its demo seller, or not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the Amazon sandbox did not answer within 180 s");
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}
