/**
 * SIGTERM while a sync runs: the process hands the run back and exits 0 at once. The workers
 * (sync engine, change, optimiser and import queues) stop in Fastify's preClose, before pg-boss's
 * graceful stop waits for their jobs; when they stopped in onClose, after it, the stop waited out
 * SHUTDOWN_TIMEOUT_MS for a sync sleeping on Amazon's rate limits and the process exited 1
 * ("shutdown timed out, exiting").
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { createThrowawayDatabase, TEST_DATABASE_KINDS } from "@starport/db/testing";
import { describe, expect, it } from "vitest";
import { freePort } from "./support/free-port.ts";

const WEB = resolve(import.meta.dirname, "support/web-process.ts");

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const found = await probe();
      if (found !== undefined) return found;
    } catch (error) {
      // Not listening yet (fetch fails with a TypeError); anything else is an answer.
      if (!(error instanceof TypeError)) throw error;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each(TEST_DATABASE_KINDS)("on %s", (kind) => {
  it("a server stopped during a sync exits 0 without waiting out its timeout", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "starport-shutdown-"));
    const database =
      kind === "postgres"
        ? await createThrowawayDatabase(process.env.TEST_DATABASE_URL as string, "shutdown")
        : null;
    const port = await freePort();
    // The embedded database when no DATABASE_URL is set (none from this process either).
    const { DATABASE_URL: _inherited, ...environment } = process.env;
    const child: ChildProcess = spawn(process.execPath, [WEB], {
      env: {
        ...environment,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        ...(database ? { DATABASE_URL: database.url } : {}),
        JWT_SECRET: "s".repeat(40),
        TOKEN_ENCRYPTION_KEY: "t".repeat(40),
        SEED_DEMO: "true",
        AMAZON_SANDBOX: "true",
        AMAZON_SANDBOX_PORT: String(await freePort()),
        CONVERSION_RATES_URL: "",
        SHUTDOWN_TIMEOUT_MS: "20000",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const lines: string[] = [];
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream as NodeJS.ReadableStream }).on("line", (l) => lines.push(l));
    const exited = new Promise<number | null>((done) => child.on("exit", done));
    const base = `http://127.0.0.1:${port}`;
    try {
      const token = await until("the demo login", async () => {
        if (child.exitCode !== null)
          throw new Error(`exited ${child.exitCode}:\n${lines.join("\n")}`);
        const login = await fetch(`${base}/api/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "demo@starport.dev", password: "starport-demo" }),
        });
        return login.ok ? ((await login.json()) as { token: string }).token : undefined;
      });
      // The demo seller's first sync, queued once the sandbox answers, in progress.
      await until("a running sync", async () => {
        const runs = (await (
          await fetch(`${base}/api/sync_runs`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as { "hydra:member"?: { status: string }[] };
        return runs["hydra:member"]?.some((r) => r.status === "running") ? true : undefined;
      });
      child.kill("SIGTERM");
      expect(await exited, lines.join("\n")).toBe(0);
      expect(lines.join("\n")).not.toContain("shutdown timed out");
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
