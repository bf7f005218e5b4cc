// Soak: mixed authenticated API traffic (and a few server-rendered pages) on loopback against a
// Starport server this script starts, for a bounded time; prints requests/s, p50/p99, errors
// and the server's memory at start, middle and end, and again after an idle minute.
// Usage: node scripts/bench/soak.ts [--minutes 10] [--concurrency 16] [--port 3240]
//        [--warmup-seconds 30] [--idle-seconds 60] [--snapshots DIR]
// "start" is measured after the warm-up (first renders load their modules once; that is not
// growth). --snapshots writes heap snapshots at start, end and after the idle time (compare them
// with scripts/bench/heap-diff.ts); writing one costs RSS itself, so compare RSS without it.
// The server runs as `npm start` runs it (production build, demo data, the Amazon sandbox as its
// child process) on a throw-away PGlite folder, or on a throw-away database of the PostgreSQL
// named by DATABASE_URL. Needs the web build (`npm run build -w @starport/web`).
// Not a test: run by hand.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ECONOMICS_SYNC_KIND } from "@starport/sync/kinds";
import { megabytes, percentile } from "./support/latency.ts";
import { rssOf, startBenchServer } from "./support/server.ts";

const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    concurrency: { type: "string", default: "16" },
    port: { type: "string", default: "3240" },
    "idle-seconds": { type: "string", default: "60" },
    "warmup-seconds": { type: "string", default: "30" },
    snapshots: { type: "string" },
  },
});
const minutes = Number(args.minutes);
const concurrency = Number(args.concurrency);
const port = Number(args.port);
const idleSeconds = Number(args["idle-seconds"]);
const warmupSeconds = Number(args["warmup-seconds"]);
if (!(minutes > 0) || !(concurrency > 0) || !(port > 0) || !(idleSeconds >= 0)) {
  console.error("--minutes, --concurrency, --port and --idle-seconds take positive numbers");
  process.exit(64);
}

const SELLER_PROFILE = "00000000-0000-4000-8000-000000000101"; // DEMO_SELLER_IDS.sellerProfile

// ---- the server ------------------------------------------------------------------------------

// Exactly as `npm start` runs it (scripts/starport.sh: its runtime settings), plus the probe.
const bench = await startBenchServer({
  name: "soak",
  port,
  adminUrl: process.env.DATABASE_URL,
  probe: true,
});
const server = bench.process;
const base = bench.base;

/** The server's own RSS, its children's (the sandbox), and its V8 heap after a full GC. */
async function memory() {
  const usage = await bench.memoryAfterGc();
  const children = readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .reduce((sum, pid) => sum + rssOf(Number(pid)), 0);
  return { rss: bench.rss(), children, usage };
}

async function snapshot(label: string) {
  if (!args.snapshots) return;
  const file = resolve(args.snapshots, `soak-${label}.heapsnapshot`);
  await new Promise<void>((done) => {
    const onMessage = (message: { snapshot?: string }) => {
      if (!message.snapshot) return;
      server.off("message", onMessage);
      console.log(`  heap snapshot: ${message.snapshot}`);
      done();
    };
    server.on("message", onMessage);
    server.send({ snapshot: file });
  });
}

try {
  await bench.ready();
} catch {
  console.error("the server did not start");
  await bench.stop();
  process.exit(1);
}

// ---- the traffic -----------------------------------------------------------------------------

const token = await bench.demoToken();
const auth = { authorization: `Bearer ${token}`, accept: "application/ld+json" };
const json = { ...auth, "content-type": "application/ld+json" };
const mergePatch = { ...auth, "content-type": "application/merge-patch+json" };

// The demo seller's initial sync from the sandbox runs after start: soak the steady state after it.
// (Its fees-and-sales run goes on for minutes at Amazon's Sales API pace, as it would in use.)
for (const until = Date.now() + 600_000; Date.now() < until; ) {
  const runs = (await (await fetch(`${base}/api/sync_runs`, { headers: auth })).json()) as {
    "hydra:member"?: { status: string; kind: string }[];
  };
  const members = (runs["hydra:member"] ?? []).filter((r) => r.kind !== ECONOMICS_SYNC_KIND);
  if (members.length > 0 && members.every((r) => r.status === "succeeded" || r.status === "failed"))
    break;
  await new Promise((r) => setTimeout(r, 2_000));
}

type Call = () => Promise<Response>;
let counter = 0;
const get =
  (path: string): Call =>
  () =>
    fetch(`${base}${path}`, { headers: auth });

/** A tag created, renamed and deleted: writes with their own data, nothing left behind. */
const tagCycle: Call = async () => {
  const text = `soak ${process.pid} ${counter++}`;
  const created = await fetch(`${base}/api/tags`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ text, sellerProfile: `/api/seller_profiles/${SELLER_PROFILE}` }),
  });
  if (created.status !== 201) return created;
  const { "@id": id } = (await created.json()) as { "@id": string };
  const renamed = await fetch(`${base}${id}`, {
    method: "PATCH",
    headers: mergePatch,
    body: JSON.stringify({ text: `${text} renamed` }),
  });
  await renamed.arrayBuffer();
  return fetch(`${base}${id}`, { method: "DELETE", headers: auth });
};

/** Weighted mix: reads dominate, as in a seller's working day. */
const MIX: [number, string, Call][] = [
  [12, "GET /api/me", get("/api/me")],
  [16, "GET /api/tags?profile", get(`/api/tags?profile=${SELLER_PROFILE}&order[text]=ASC`)],
  [8, "GET /api/seller_profiles", get("/api/seller_profiles")],
  [8, "GET /api/campaigns", get(`/api/campaigns?itemsPerPage=50`)],
  [8, "GET /api/keywords", get(`/api/keywords?itemsPerPage=100`)],
  [6, "GET /api/products", get("/api/products")],
  [6, "GET /api/taxes", get("/api/taxes")],
  [6, "GET /api/conversion_rates", get("/api/conversion_rates")],
  [6, "GET /api/sync_runs", get("/api/sync_runs")],
  [4, "GET /api/tags/<unknown> (404)", get(`/api/tags/${crypto.randomUUID()}`)],
  [8, "POST+PATCH+DELETE /api/tags", tagCycle],
  [6, "GET / (SSR)", () => fetch(`${base}/login`)],
  [6, "GET /en (SSR)", () => fetch(`${base}/en/login`)],
];
const totalWeight = MIX.reduce((sum, [w]) => sum + w, 0);
function pick(): [number, string, Call] {
  let r = Math.random() * totalWeight;
  for (const entry of MIX) {
    r -= entry[0];
    if (r < 0) return entry;
  }
  return MIX[0] as [number, string, Call];
}

interface Window {
  latencies: number[];
  errors: number;
  statuses: Map<string, number>;
  started: number;
}
const newWindow = (): Window => ({
  latencies: [],
  errors: 0,
  statuses: new Map(),
  started: performance.now(),
});
let window = newWindow();
const overall = newWindow();

function record(w: Window, ms: number, label: string, status: number | "network") {
  w.latencies.push(ms);
  const ok = status !== "network" && status < 500 && (status < 400 || label.includes("404"));
  if (!ok) {
    w.errors++;
    const key = `${label} → ${status}`;
    w.statuses.set(key, (w.statuses.get(key) ?? 0) + 1);
  }
}

let endAt = Date.now() + warmupSeconds * 1000;
async function loop() {
  while (Date.now() < endAt) {
    const [, label, call] = pick();
    const started = performance.now();
    let status: number | "network";
    try {
      const response = await call();
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = "network";
    }
    const ms = performance.now() - started;
    record(window, ms, label, status);
    record(overall, ms, label, status);
  }
}

const mb = megabytes;
async function report(label: string, w: Window | null) {
  const m = await memory();
  const traffic = w
    ? (() => {
        const sorted = [...w.latencies].sort((a, b) => a - b);
        const seconds = (performance.now() - w.started) / 1000;
        return `${(w.latencies.length / seconds).toFixed(0).padStart(5)} req/s  p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms  errors ${w.errors}`;
      })()
    : "idle".padEnd(56);
  console.log(
    `${label.padEnd(8)} ${traffic}  RSS ${mb(m.rss).padStart(7)} (sandbox ${mb(m.children)})  heap ${mb(m.usage.heapUsed)} of ${mb(m.usage.heapTotal)}  external ${mb(m.usage.external)}  arrayBuffers ${mb(m.usage.arrayBuffers)}`,
  );
  if (w) for (const [key, n] of w.statuses) console.log(`         ${n} × ${key}`);
}

console.log(
  `soak: ${minutes} min after ${warmupSeconds} s warm-up, ${concurrency} concurrent clients, ${base} on ${bench.databaseUrl ? "PostgreSQL" : "PGlite"}; memory after a full GC\n`,
);
await Promise.all(Array.from({ length: concurrency }, loop));
window = newWindow();
overall.latencies = [];
overall.errors = 0;
overall.statuses.clear();
overall.started = performance.now();
endAt = Date.now() + minutes * 60_000;
const middleAt = Date.now() + (minutes * 60_000) / 2;
await report("start", null);
await snapshot("start");
let middleReported = false;
const ticker = setInterval(() => {
  if (!middleReported && Date.now() >= middleAt) {
    middleReported = true;
    const w = window;
    window = newWindow();
    void report("middle", w);
  }
}, 1_000);
await Promise.all(Array.from({ length: concurrency }, loop));
clearInterval(ticker);
await report("end", window);
await snapshot("end");
if (idleSeconds > 0) {
  await new Promise((r) => setTimeout(r, idleSeconds * 1000));
  await report(`idle`, null);
  await snapshot("idle");
}
await report("overall", overall).catch(() => {});
await bench.stop();
process.exit(0);
