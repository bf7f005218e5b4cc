// Throughput of an authenticated Hydra collection read, GET /api/tags?profile=… (30 tags), next
// to a Fastify hello-world route, and (PostgreSQL) Hangar's keyword page of an ad group with
// 30-day metrics next to that tag read, on the same machine in the same run: on the embedded PGlite
// and on PostgreSQL (a throw-away database on the server DATABASE_URL names; skipped without it).
// Each server runs in its own child process, the load comes from this one over keep-alive HTTP
// on loopback; prints requests/s, p50/p99 and the ratio to hello-world.
// Usage: [DATABASE_URL=postgres://user:pass@host:5432/postgres] node scripts/bench/api-throughput.ts
//        [--seconds 10] [--connections 16] [--only pglite,postgres] [--cpu-prof-dir <folder>]
// --cpu-prof-dir writes a CPU profile of each API server's load phase (not its start-up) there.
// Not a test: run by hand.
// Figures (2-core machine shared with another helper's builds, so hello-world itself swings):
//   before issue 23's changes (e46ba6d): hello 16,290 req/s, PGlite 231 (1 : 70.6), PostgreSQL
//   417 (1 : 39.1), keywords 129 (0.31 of tags); after (2 runs): hello 9,629 / 10,553, PGlite
//   299 / 230, PostgreSQL 685 / 630 (1 : 14.0 / 1 : 16.7), keywords 164 / 215 (0.24 / 0.34).
import { type ChildProcess, spawn } from "node:child_process";
import { Agent, request } from "node:http";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "16" },
    // Only these servers (comma-separated: hello,pglite,postgres); hello-world always runs.
    only: { type: "string" },
    // Write a V8 CPU profile of each API server's load phase into this folder.
    "cpu-prof-dir": { type: "string" },
  },
});

// ---- server mode: `api-throughput.ts serve hello|pglite|postgres` -------------------------------

async function serve(kind: string): Promise<void> {
  const { fastify } = await import("fastify");
  const app = fastify({ logger: false });
  let token = "";
  let path = "/hello";
  if (kind === "hello") {
    app.get("/hello", async () => ({ hello: "world" }));
  } else {
    const { apiPlugin } = await import("@starport/api");
    const { createTokenService } = await import("@starport/api/auth");
    const { migrateDatabase, openDatabase, refreshProfileRollups, schema } = await import(
      "@starport/db"
    );
    const { createThrowawayDatabase } = await import("@starport/db/testing");
    const throwaway =
      kind === "postgres" || kind === "postgres-keywords"
        ? await createThrowawayDatabase(process.env.DATABASE_URL as string, "starport_bench")
        : undefined;
    const connection = await openDatabase(
      throwaway ? { databaseUrl: throwaway.url } : { dataDir: "memory://" },
    );
    await migrateDatabase(connection);
    const [customer] = await connection.db
      .insert(schema.customers)
      .values({ name: "Bench GmbH" })
      .returning();
    const customerId = customer?.id as string;
    const [profile] = await connection.db
      .insert(schema.sellerProfiles)
      .values({ customerId, name: "Bench" })
      .returning();
    const sellerProfileId = profile?.id as string;
    await connection.db
      .insert(schema.tags)
      .values(Array.from({ length: 50 }, (_, i) => ({ sellerProfileId, text: `tag ${i}` })));
    // A real user: sign-in sessions and the per-request role lookup reference it.
    const [user] = await connection.db
      .insert(schema.users)
      .values({ customerId, email: "bench@starport.dev", name: "Bench" })
      .returning();
    const tokens = createTokenService({ secret: "b".repeat(40), db: connection.db });
    token = (await tokens.issue({ id: user?.id as string, customerId, roles: ["ROLE_USER"] }))
      .token;
    await app.register(
      async (api) =>
        apiPlugin(api, {
          db: connection.db,
          tokens,
          databaseDriver: connection.kind,
          pingDatabase: async () => {},
          pingJobs: async () => {},
        }),
      { prefix: "/api" },
    );
    path = `/api/tags?profile=${sellerProfileId}&order[text]=ASC`;
    if (kind === "postgres-keywords") {
      // Hangar's keyword table of one ad group as the web asks for it (apps/web/app/components/
      // hangar/tables.ts: 50 a page, by cost): 200 keywords with 30 days of facts each.
      const { sql } = await import("drizzle-orm");
      const run = (query: string) => connection.db.execute(sql.raw(query));
      const [ads] = await connection.db
        .insert(schema.advertisingProfiles)
        .values({
          sellerProfileId,
          amazonProfileId: "1",
          countryCode: "DE",
          currency: "EUR",
          timezone: "Europe/Berlin",
        })
        .returning();
      const adsId = ads?.id as string;
      const [campaign] = await connection.db
        .insert(schema.campaigns)
        .values({
          advertisingProfileId: adsId,
          amazonCampaignId: "c1",
          name: "Bench",
          state: "ENABLED",
          targetingType: "MANUAL",
          budgetMicros: 10_000_000,
        })
        .returning();
      const [group] = await connection.db
        .insert(schema.adGroups)
        .values({
          advertisingProfileId: adsId,
          campaignId: campaign?.id as string,
          amazonAdGroupId: "g1",
          amazonCampaignId: "c1",
          name: "Bench",
          state: "ENABLED",
          defaultBidMicros: 500_000,
        })
        .returning();
      await run(`insert into keywords (advertising_profile_id, amazon_keyword_id, amazon_campaign_id,
          amazon_ad_group_id, campaign_id, ad_group_id, keyword_text, match_type, state, bid_micros)
        select '${adsId}', 'k' || n, 'c1', 'g1', '${campaign?.id}', '${group?.id}',
          'bench keyword ' || n, 'EXACT', 'ENABLED', 500000
        from generate_series(1, 200) n`);
      await run(`insert into ad_performance_daily (advertising_profile_id, entity_type, amazon_id,
          date, amazon_campaign_id, amazon_ad_group_id, impressions, clicks, cost_micros, orders,
          units, sales_micros)
        select '${adsId}', 'keyword', 'k' || n, current_date - d, 'c1', 'g1', 100 + n * 7 % 400,
          (n + d) % 13, ((n * 31 + d) % 9000) * 1000, (n + d) % 3, (n + d) % 4,
          ((n * 17 + d) % 5) * 19990000
        from generate_series(1, 200) n, generate_series(1, 30) d`);
      await refreshProfileRollups(connection.db, adsId);
      await run("analyze");
      const day = (ago: number) =>
        new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
      path = `/api/keywords?adGroup=${group?.id}&from=${day(30)}&to=${day(1)}&order[cost]=desc&itemsPerPage=50`;
    }
    app.addHook("onClose", async () => {
      await connection.close();
      await throwaway?.drop();
    });
  }
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  if (kind === "postgres-keywords") {
    // The page is what the web shows: 50 keywords, each with its metrics.
    const page = (
      await app.inject({ url: path, headers: { authorization: `Bearer ${token}` } })
    ).json() as { "hydra:member": { metrics?: { cost?: number } }[] };
    const members = page["hydra:member"];
    if (members.length !== 50 || !members.every((m) => (m.metrics?.cost ?? 0) > 0))
      throw new Error(`unexpected keyword page: ${JSON.stringify(page).slice(0, 300)}`);
  }
  // The profile covers the load only, not the start-up (module loading, PGlite's initdb).
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const profiler = profileDir ? new (await import("node:inspector/promises")).Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
  }
  console.log(`READY ${JSON.stringify({ url: `${address}${path}`, token })}`);
  process.on("SIGTERM", async () => {
    if (profiler && profileDir) {
      const { profile } = await profiler.post("Profiler.stop");
      const { mkdirSync, writeFileSync } = await import("node:fs");
      mkdirSync(profileDir, { recursive: true });
      const file = `${profileDir}/${kind}-${Date.now()}.cpuprofile`;
      writeFileSync(file, JSON.stringify(profile));
      console.error(`CPU profile: ${file}`);
    }
    app.close().then(() => process.exit(0));
  });
}

// ---- load mode -------------------------------------------------------------------------------

interface Target {
  url: string;
  token: string;
}

async function startServer(kind: string): Promise<{ target: Target; child: ChildProcess }> {
  const child = spawn(process.execPath, [import.meta.filename, "serve", kind], {
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      // As scripts/starport.sh runs the server (start-up only: Node's module resolution).
      NODE_OPTIONS: `--import=${JSON.stringify(`${import.meta.dirname}/../esm-resolution-cache.ts`)}`,
      ...(args["cpu-prof-dir"] && kind !== "hello"
        ? { BENCH_CPU_PROF_DIR: args["cpu-prof-dir"] }
        : {}),
    },
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const target = await new Promise<Target>((resolve, reject) => {
    lines.on("line", (line) => {
      if (line.startsWith("READY ")) resolve(JSON.parse(line.slice(6)) as Target);
    });
    child.on("exit", (code) => reject(new Error(`${kind} server exited (${code})`)));
  });
  return { target, child };
}

async function load(target: Target, seconds: number, connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(target.url);
  const headers: Record<string, string> = { accept: "application/ld+json" };
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const req = request(
        { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, headers },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.end();
    });
  const status = await once();
  if (status !== 200) throw new Error(`${target.url} answered ${status}`);
  const run = async (ms: number, latencies: number[] | null) => {
    const until = performance.now() + ms;
    let errors = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          const code = await once().catch(() => 0);
          if (code !== 200) errors++;
          latencies?.push(performance.now() - started);
        }
      }),
    );
    return errors;
  };
  await run(2_000, null); // warm-up: JIT, pools, caches
  const latencies: number[] = [];
  const started = performance.now();
  const errors = await run(seconds * 1000, latencies);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}

async function main() {
  const seconds = Number(args.seconds);
  const connections = Number(args.connections);
  const only = args.only?.split(",");
  const kinds = [
    "hello",
    "pglite",
    ...(process.env.DATABASE_URL ? ["postgres", "postgres-keywords"] : []),
  ].filter((kind) => kind === "hello" || !only || only.includes(kind));
  console.log(
    `${seconds} s each after a 2 s warm-up, ${connections} keep-alive connections, loopback\n`,
  );
  const results = new Map<string, Awaited<ReturnType<typeof load>>>();
  for (const kind of kinds) {
    const { target, child } = await startServer(kind);
    try {
      results.set(kind, await load(target, seconds, connections));
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  }
  const hello = results.get("hello");
  const label = {
    hello: "Fastify hello-world GET /hello",
    pglite: "GET /api/tags (authenticated), PGlite",
    postgres: "GET /api/tags (authenticated), PostgreSQL",
    "postgres-keywords": "ad group keywords, 30-day metrics, PostgreSQL",
  } as Record<string, string>;
  console.log(
    "route".padEnd(44),
    "req/s".padStart(8),
    "p50 ms".padStart(8),
    "p99 ms".padStart(8),
    "errors".padStart(7),
    "  vs hello-world",
  );
  for (const [kind, r] of results) {
    console.log(
      (label[kind] ?? kind).padEnd(44),
      r.rps.toFixed(0).padStart(8),
      r.p50.toFixed(2).padStart(8),
      r.p99.toFixed(2).padStart(8),
      String(r.errors).padStart(7),
      kind === "hello" || !hello
        ? ""
        : `  ${((r.rps / hello.rps) * 100).toFixed(1)} % (1 : ${(hello.rps / r.rps).toFixed(1)})`,
    );
  }
  const tags = results.get("postgres");
  const keywords = results.get("postgres-keywords");
  if (tags && keywords)
    console.log(
      `\nad group keywords with 30-day metrics vs GET /api/tags (PostgreSQL): ${(keywords.rps / tags.rps).toFixed(2)} (goal >= 0.5)`,
    );
  if (!process.env.DATABASE_URL) console.log("\n(PostgreSQL skipped: DATABASE_URL is not set)");
}

if (positionals[0] === "serve") await serve(positionals[1] ?? "hello");
else await main();
