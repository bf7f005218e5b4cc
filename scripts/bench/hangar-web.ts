// Hangar's web figures (issue 9): first-load JavaScript (gzip) of the marketplace campaign page
// next to the login page's, and the SSR time to first byte of that page (p50/p95) next to the
// same API call alone (the campaign collection with metrics, compare=previous).
// Usage: npm run build -w @starport/web && node scripts/bench/hangar-web.ts [requests]
// BENCH_CPU_PROF=<dir> writes the server's CPU profile there (node --cpu-prof) when it stops.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const root = resolve(import.meta.dirname, "../..");
const requests = Number(process.argv[2] ?? 40);
const port = 3900 + Math.floor(Math.random() * 400);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "starport-bench-hangar-"));
const cpuProfileDir = process.env.BENCH_CPU_PROF;
const profileFlags = cpuProfileDir
  ? ["--cpu-prof", `--cpu-prof-dir=${resolve(cpuProfileDir)}`]
  : [];
const child = spawn(process.execPath, [...profileFlags, join(root, "apps/web/server.ts")], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    CONVERSION_RATES_URL: "",
    AMAZON_SANDBOX: "true",
    AMAZON_SANDBOX_PORT: String(port + 1000),
    AMAZON_SANDBOX_DEMO_DAYS: "14",
    PUBLIC_URL: base,
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const exited = new Promise((r) => child.on("exit", r));

async function until<T>(what: string, probe: () => Promise<T | null>): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (performance.now() - started > 180_000) throw new Error(`${what} timed out`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

try {
  await until("health", async () =>
    (await fetch(`${base}/api/health`)).status === 200 ? true : null,
  );
  const token = await until("login", async () => {
    const response = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "demo@starport.dev", password: "starport-demo" }),
    });
    return response.ok ? ((await response.json()) as { token: string }).token : null;
  });
  const auth = { authorization: `Bearer ${token}` };
  const json = async (path: string) => (await fetch(`${base}${path}`, { headers: auth })).json();
  await until("first sync", async () => {
    const runs = await json("/api/sync_runs?kind=initial&itemsPerPage=1");
    return runs["hydra:member"]?.[0]?.status === "succeeded" ? true : null;
  });
  const sellerProfile = (await json("/api/seller_profiles"))["hydra:member"][0].id as string;
  const profiles = await json(
    `/api/advertising_profiles/seller_profile/${sellerProfile}?active=true`,
  );
  const de = profiles["hydra:member"].find((p: { countryCode: string }) => p.countryCode === "DE");
  const cookie = `token=${token}; sellerProfile=${sellerProfile}`;
  // A browser's user agent: fetch's own ("node") counts as a bot (isbot), and bots get the whole
  // document at once (entry.server's onAllReady) where a seller's browser gets the shell first.
  const browser =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
  const pagePath = `/en/hangar/campaigns/${sellerProfile}/DE`;

  const firstLoad = async (path: string, headers: Record<string, string>) => {
    const html = await (await fetch(`${base}${path}`, { headers })).text();
    const assets = new Set<string>();
    for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) assets.add(m[1]!);
    for (const m of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) assets.add(m[1]!);
    let gzip = 0;
    let raw = 0;
    for (const asset of assets) {
      const bytes = readFileSync(join(root, "apps/web/build/client", asset));
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    return `${assets.size} files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gzip / 1024).toFixed(1)} KiB gzip`;
  };
  console.log(`login page first-load JS:          ${await firstLoad("/en/login", {})}`);
  console.log(`campaign page (DE) first-load JS:  ${await firstLoad(pagePath, { cookie })}`);

  // The API call the page's table makes (the default range: the last 30 days of Amazon's calendar).
  const state = await (await fetch(`http://127.0.0.1:${port + 1000}/__sandbox/state`)).json();
  const to = new Date(Date.parse(`${state.today}T00:00:00Z`) - 86_400_000);
  const from = new Date(to.getTime() - 29 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const apiPath = `/api/campaigns?profile=${de.id}&from=${day(from)}&to=${day(to)}&compare=previous&order[cost]=desc&page=1&itemsPerPage=50`;

  const ttfb = async (path: string, headers: Record<string, string>) => {
    const times: number[] = [];
    for (let i = 0; i < requests + 5; i++) {
      const started = performance.now();
      const response = await fetch(`${base}${path}`, { headers });
      const reader = response.body?.getReader();
      await reader?.read();
      const ms = performance.now() - started;
      // The rest is read, untimed: a streamed page's server is still writing its figures, and
      // the next request must not start in the middle of them (a browser loads a page once).
      while (reader && !(await reader.read()).done);
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      if (i >= 5) times.push(ms); // the first few warm caches and JIT up
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms (${requests} requests)`;
  };
  console.log(`API campaigns with metrics (48→24 DE) TTFB: ${await ttfb(apiPath, auth)}`);
  console.log(
    `SSR campaign page (DE)              TTFB: ${await ttfb(pagePath, { cookie, "user-agent": browser })}`,
  );
  console.log(`SSR campaign page (DE), as a bot    TTFB: ${await ttfb(pagePath, { cookie })}`);
} finally {
  child.kill("SIGTERM");
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
