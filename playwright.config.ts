import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "starport-e2e-"));

export default defineConfig({
  testDir: "apps/web/e2e",
  fullyParallel: true,
  workers: 2,
  // No retries: a test that needs one is a flake to fix. Should retries be turned on (--retries),
  // a test that passed only on a retry still fails the run, and scripts/test-summary.ts names it.
  retries: 0,
  failOnFlakyTests: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // No trace unless asked for (E2E_TRACE=retain-on-failure, or --trace=on for one test): recording
    // snapshots of these pages' large DOMs at every step cost more CPU than the tests themselves
    // (routes.spec.ts with two workers: 5.8 min and 4 timeouts with traces, 3.7 min and none
    // without). A failure still prints its error and the page's ARIA snapshot.
    trace: (process.env.E2E_TRACE as "off" | "on" | "retain-on-failure" | undefined) ?? "off",
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // Signs the demo accounts in once; tests pick a state with test.use({ storageState }).
    { name: "setup", testMatch: /auth\.setup\.ts$/ },
    { name: "chromium", use: { browserName: "chromium" }, dependencies: ["setup"] },
  ],
  webServer: {
    // The start command's server; on a PostgreSQL of its own when E2E_DATABASE_URL (or
    // TEST_DATABASE_URL, as CI sets it) names a server (see the script for why).
    command: "node apps/web/scripts/e2e-server.ts",
    url: `http://127.0.0.1:${port}/api/health`,
    // Waits for /api/health; the bound only ends a start that failed (measured over 90 s on the
    // 2-core machine shared with other test runs). E2E_SERVER_TIMEOUT_MS overrides it.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 180_000),
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      DIAGNOSTIC_ROUTES: "true",
      LOG_LEVEL: "warn",
      // No daily conversion-rate refresh from the internet: the shipped rates are used.
      CONVERSION_RATES_URL: "",
      // The local Amazon (consent pages, APIs) for the connection tests, with a short demo history.
      AMAZON_SANDBOX: "true",
      AMAZON_SANDBOX_PORT: String(port + 1000),
      AMAZON_SANDBOX_DEMO_DAYS: "14",
      // The tests connect the sandbox's one demo seller a dozen times within minutes; Amazon's
      // per-seller limits (a participations call or a report a minute beyond a burst of 15) would
      // queue every later sync behind them. The limits are the transport tests' subject.
      AMAZON_CLIENT_RATE_LIMITS: "false",
      // Every seller fixture registers a new seller from 127.0.0.1: some 40 in a run, beyond the
      // hourly 20 a client address may register (the limit is auth.test.ts' subject).
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: "1000",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      E2E_DATABASE_URL: process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "",
    },
  },
});
