// How long the seller waits, in the browser, for the per-row results of a large push (issue 10,
// closing note). Starts Starport as `npm start` does (embedded database, local Amazon sandbox with
// the demo seller), stages +1 % on every keyword and product target of the demo seller (about
// 5,000 changes) through POST /api/bulk_changes, opens the Hangar in Debian's Chromium, clicks
// "push" in the tray and measures until the tray shows the applied batch with its rows.
// Next to it, in the same run: the API alone — the batch applied (polling GET /api/change_batches)
// — so the UI's own share is visible.
// Usage: node scripts/bench/change-batch-ui.ts [--port 3390]
// Not a test: run by hand.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";

const { values: args } = parseArgs({ options: { port: { type: "string", default: "3390" } } });
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "starport-bench-ui-"));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const server = spawn(process.execPath, ["apps/web/server.ts"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    CONVERSION_RATES_URL: "",
    AMAZON_SANDBOX: "true",
    AMAZON_SANDBOX_PORT: String(port + 1000),
    AMAZON_SANDBOX_DEMO_DAYS: "14",
    PUBLIC_URL: base,
  },
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 300_000) {
  const started = Date.now();
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

try {
  await until("the server", async () =>
    (await fetch(`${base}/api/health`)).ok ? true : undefined,
  );
  const { token } = (await (
    await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "demo@starport.dev", password: "starport-demo" }),
    })
  ).json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/ld+json" };
  const get = async <T>(path: string) =>
    (await (await fetch(`${base}${path}`, { headers })).json()) as T;
  await until("the demo seller's first sync", async () => {
    const runs = await get<{ "hydra:member": { status: string }[] }>(
      "/api/sync_runs?kind=initial&itemsPerPage=1",
    );
    return runs["hydra:member"][0]?.status === "succeeded" ? true : undefined;
  });
  const seller = (await get<{ "hydra:member": { id: string }[] }>("/api/seller_profiles"))[
    "hydra:member"
  ][0]!.id;
  const profiles = (
    await get<{ "hydra:member": { id: string; countryCode: string }[] }>(
      "/api/advertising_profiles",
    )
  )["hydra:member"];

  let staged = 0;
  let batch = "";
  for (const entityType of ["keywords", "targets"]) {
    const response = await fetch(`${base}/api/bulk_changes`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        entityType,
        selection: { query: "state=ENABLED" },
        action: { kind: "adjustBid", percent: 1 },
      }),
    });
    const body = (await response.json()) as { created: number; batch: string };
    if (!response.ok) throw new Error(`bulk ${entityType}: ${JSON.stringify(body)}`);
    staged += body.created;
    batch = body.batch;
  }
  console.log(`staged ${staged} bid changes in the tray (${batch})`);

  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const context = await browser.newContext({ baseURL: base });
  await context.addCookies([
    { name: "token", value: token, url: base },
    { name: "sellerProfile", value: seller, url: base },
  ]);
  const page = await context.newPage();
  const marketplace = profiles[0]!.countryCode;
  await page.goto(`/hangar/campaigns/${seller}/${marketplace}`);
  await page.locator("html[data-hydrated=true]").waitFor({ timeout: 120_000 });
  const trayOpened = performance.now();
  await page.getByTestId("tray-button").click();
  await page.getByTestId("tray-row").first().waitFor({ timeout: 120_000 });
  console.log(`tray with ${staged} rows opened in ${seconds(performance.now() - trayOpened)}`);

  const pushed = performance.now();
  await page.getByTestId("tray-push").click();
  let apiDone = 0;
  const apiWatch = until(
    "the batch applied (API)",
    async () => {
      const b = await get<{ status: string }>(batch);
      if (b.status === "applied" || b.status === "partially_applied" || b.status === "failed") {
        apiDone = performance.now() - pushed;
        return b.status;
      }
      return undefined;
    },
    900_000,
  );
  await page
    .locator('[data-testid="push-results"][data-status="applied"]')
    .waitFor({ timeout: 900_000 });
  const uiDone = performance.now() - pushed;
  const status = await apiWatch;
  const shownRows = await page.getByTestId("push-results").locator("tbody tr").count();
  console.log(`\npush of ${staged} bid changes against the sandbox (batch ${status}):`);
  console.log(`  applied, as the API reports it:            ${seconds(apiDone)}`);
  console.log(
    `  per-row results shown in the tray:         ${seconds(uiDone)} (${shownRows} rows rendered)`,
  );
  console.log(`  the UI's own share (polling, rendering):   ${seconds(uiDone - apiDone)}`);
  await browser.close();
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
