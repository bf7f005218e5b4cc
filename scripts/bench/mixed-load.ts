// Tail latency under load (issue 18 §16): 8 connections of authenticated reads over the main list
// endpoints (campaigns and keywords with 30-day metrics, products, changes, recommendations) with
// about 2 % PATCHes (a product's notes), against a Starport server this script starts as `npm
// start` runs it (production build, demo data, the Amazon sandbox) on a throw-away database of the
// PostgreSQL named by DATABASE_URL. After the demo seller's first sync and a warm-up it prints
// p50/p95/p99/max per endpoint and overall, requests/s, errors and the server's RSS.
// Usage: DATABASE_URL=postgres://… node scripts/bench/mixed-load.ts [--seconds 60]
//        [--connections 8] [--warmup-seconds 10] [--port 3250] [--cpu-prof-dir DIR]
// --cpu-prof-dir runs the server with --cpu-prof (written there when it exits; start-up included).
// Each client sends its next request when the previous answer is read (fetch keeps one
// connection per client alive). Needs the web build (`npm run build -w @starport/web`).
// Not a test: run by hand.
// Figures (60 s, 2-core machine at load 10-19 from other work, alternated; the load decides
//   them more than the code): before 85207a9 p99 262.5 / 279.2 / 476.2 ms (164 / 159 / 69
//   req/s), after it 488.4 / 129.8 ms (96 / 225 req/s); the audit's goal is p99 <= 100 ms.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ECONOMICS_SYNC_KIND } from "@starport/sync/kinds";
import { latencyLine, megabytes } from "./support/latency.ts";
import { startBenchServer } from "./support/server.ts";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    connections: { type: "string", default: "8" },
    "warmup-seconds": { type: "string", default: "10" },
    port: { type: "string", default: "3250" },
    "cpu-prof-dir": { type: "string" },
  },
});
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const warmupSeconds = Number(args["warmup-seconds"]);
const port = Number(args.port);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl?.startsWith("postgres")) {
  console.error("DATABASE_URL (a PostgreSQL URL) is required");
  process.exit(64);
}
if (!(seconds > 0) || !(connections > 0) || !(port > 0)) {
  console.error("--seconds, --connections and --port take positive numbers");
  process.exit(64);
}

const SELLER_PROFILE = "00000000-0000-4000-8000-000000000101"; // DEMO_SELLER_IDS.sellerProfile

const server = await startBenchServer({
  name: "mixed-load",
  port,
  adminUrl,
  nodeOptions: args["cpu-prof-dir"]
    ? `--cpu-prof --cpu-prof-dir=${resolve(args["cpu-prof-dir"])}`
    : "",
});
const base = server.base;

try {
  await server.ready();
  const token = await server.demoToken();
  const auth = { authorization: `Bearer ${token}`, accept: "application/ld+json" };

  // Measure the steady state after the demo seller's first sync (its economics run goes on for
  // minutes at Amazon's pace, as it would in use).
  for (const until = Date.now() + 600_000; Date.now() < until; ) {
    const runs = (await (await fetch(`${base}/api/sync_runs`, { headers: auth })).json()) as {
      "hydra:member"?: { status: string; kind: string }[];
    };
    const members = (runs["hydra:member"] ?? []).filter((r) => r.kind !== ECONOMICS_SYNC_KIND);
    if (members.length && members.every((r) => r.status === "succeeded" || r.status === "failed"))
      break;
    await new Promise((r) => setTimeout(r, 2_000));
  }

  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const period = `from=${day(-30)}&to=${day(-1)}`;
  const seller = `sellerProfile=${SELLER_PROFILE}`;
  const details = (await (
    await fetch(`${base}/api/product_details?itemsPerPage=50`, { headers: auth })
  ).json()) as { "hydra:member"?: { "@id": string }[] };
  const detailIris = (details["hydra:member"] ?? []).map((d) => d["@id"]);
  if (!detailIris.length) throw new Error("no product details to PATCH");

  type Call = () => Promise<Response>;
  const get =
    (path: string): Call =>
    () =>
      fetch(`${base}${path}`, { headers: auth });
  let patches = 0;
  const patchNotes: Call = () =>
    fetch(`${base}${detailIris[patches++ % detailIris.length]}`, {
      method: "PATCH",
      headers: { ...auth, "content-type": "application/merge-patch+json" },
      body: JSON.stringify({ notes: `mixed load ${patches}` }),
    });
  // The advertising profile with the most campaigns (Hangar lists one profile at a time).
  const adProfiles = (await (
    await fetch(`${base}/api/advertising_profiles?${seller}`, { headers: auth })
  ).json()) as { "hydra:member"?: { "@id": string }[] };
  let profile = "";
  let most = -1;
  for (const { "@id": iri } of adProfiles["hydra:member"] ?? []) {
    const page = (await (
      await fetch(`${base}/api/campaigns?profile=${iri}&itemsPerPage=1`, { headers: auth })
    ).json()) as { "hydra:totalItems"?: number };
    if ((page["hydra:totalItems"] ?? 0) > most) {
      most = page["hydra:totalItems"] ?? 0;
      profile = `profile=${iri}`;
    }
  }
  if (!profile) throw new Error("the demo seller has no advertising profile");
  const MIX: [number, string, Call][] = [
    [20, "GET campaigns + metrics", get(`/api/campaigns?${profile}&${period}&itemsPerPage=50`)],
    [
      20,
      "GET keywords + metrics",
      get(`/api/keywords?${profile}&${period}&order[cost]=desc&itemsPerPage=50`),
    ],
    [20, "GET products", get(`/api/products?${seller}&itemsPerPage=50`)],
    [19, "GET changes", get(`/api/changes?${seller}&itemsPerPage=50`)],
    [19, "GET recommendations", get(`/api/recommendations?${seller}&itemsPerPage=50`)],
    [2, "PATCH product_details", patchNotes],
  ];
  const totalWeight = MIX.reduce((sum, [w]) => sum + w, 0);
  const pick = () => {
    let r = Math.random() * totalWeight;
    for (const entry of MIX) {
      r -= entry[0];
      if (r < 0) return entry;
    }
    return MIX[0]!;
  };

  const latencies = new Map<string, number[]>(MIX.map(([, label]) => [label, []]));
  const errors = new Map<string, number>();
  let measuring = false;
  let endAt = Date.now() + warmupSeconds * 1000;
  const client = async () => {
    while (Date.now() < endAt) {
      const [, label, call] = pick();
      const started = performance.now();
      let status: number | string;
      try {
        const response = await call();
        await response.arrayBuffer();
        status = response.status;
      } catch (error) {
        status = (error as Error).message;
      }
      if (!measuring) continue;
      latencies.get(label)!.push(performance.now() - started);
      if (typeof status !== "number" || status >= 400) {
        const key = `${label} → ${status}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, client));

  const rssBefore = server.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, server.rss());
  }, 200);
  measuring = true;
  endAt = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rssAfter = server.rss();

  const line = (label: string, values: number[]) => latencyLine(label, values);
  const all = [...latencies.values()].flat();
  const mb = megabytes;
  console.log(
    `\nmixed load: ${seconds} s after ${warmupSeconds} s warm-up, ${connections} connections, PostgreSQL; ${(all.length / elapsed).toFixed(0)} req/s`,
  );
  for (const [label, values] of latencies) console.log(line(label, values));
  console.log(line("all", all));
  console.log(
    `errors ${[...errors.values()].reduce((a, b) => a + b, 0)}; server RSS before ${mb(rssBefore)}, peak ${mb(rssPeak)}, after ${mb(rssAfter)}`,
  );
  for (const [key, n] of errors) console.log(`  ${n} × ${key}`);
} finally {
  await server.stop();
}
process.exit(0);
