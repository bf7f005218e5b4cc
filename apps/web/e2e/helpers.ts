import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, type Page, test } from "@playwright/test";

export const VALID_ID = "0d3c1c6e-1a44-4c1a-8f3b-1e2f3a4b5c6d";

/** Waits until React has hydrated the page (the root marks <html data-hydrated>). */
export async function expectHydrated(page: Page) {
  // The Hangar's editable tables take longest; two browsers and the server share two cores.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 60_000 });
  // Parts streamed after the shell hydrate on their own (components/HydrationMark.tsx).
  await expect(page.locator("[data-hydrating]")).toHaveCount(0, { timeout: 60_000 });
}

/** A free TCP port on loopback, chosen by the OS (no collisions between parallel tests). */
export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

export interface StarportProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far, for assertions and failure messages. */
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const SERVER_ENTRY = resolve(import.meta.dirname, "../server.ts");

/**
 * How long a second server may take to start (loading the modules, migrating a fresh database).
 * Measured: ~45 s to healthy and ~30 s just to reject a bad configuration on the loaded 2-core
 * test machine, a few seconds on an idle one. Tests that start a server are about what it does
 * once running, so the start gets its own budget on top of the test's timeout.
 */
const START_BUDGET_MS = 120_000;

/**
 * Starts a second Starport server for tests that need other settings than the shared one
 * (production build, own data folder, free port), waits until /api/health answers 200 unless
 * `waitForHealth` is false, and fails with the server's output when it does not.
 */
export async function startStarport(
  env: Record<string, string | undefined>,
  { waitForHealth = true }: { waitForHealth?: boolean } = {},
): Promise<StarportProcess> {
  test.info().setTimeout(test.info().timeout + START_BUDGET_MS);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "starport-e2e-server-"));
  let output = "";
  const merged: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    // Pages are served on PUBLIC_URL's host only; the tests open them on 127.0.0.1.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...env,
  };
  // A variable set to undefined is left out (e.g. to see a default).
  const childEnv = Object.fromEntries(
    Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  const base = `http://127.0.0.1:${port}`;
  const server: StarportProcess = {
    base,
    port,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((done) => setTimeout(done, 15_000))]);
        child.kill("SIGKILL");
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (waitForHealth) {
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) return `exited with ${child.exitCode}`;
          return (await fetch(`${base}/api/health`).catch(() => null))?.status;
        },
        {
          timeout: START_BUDGET_MS,
          message: `server on ${base} did not become healthy:\n${output}`,
        },
      )
      .toBe(200);
  }
  return server;
}

/** Opens a screen's export menu, clicks the item `testId` and returns the downloaded file. */
export async function downloadExport(page: Page, testId: string) {
  await page.getByTestId("export-button").click();
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId(testId).click(),
  ]);
  return { name: file.suggestedFilename(), body: await readFile((await file.path()) as string) };
}
