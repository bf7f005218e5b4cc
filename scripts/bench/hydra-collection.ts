// Latency of a Hydra collection read on a 1,000,000-row table next to the same SQL run raw.
// GET /api/tags?profile=…&order[text]=ASC (and a text filter) over real HTTP, against a
// throw-away database on the PostgreSQL named by DATABASE_URL; prints p50/p99 and the ratio.
// Usage: DATABASE_URL=postgres://user:pass@host:5432/postgres node scripts/bench/hydra-collection.ts [iterations]
// EXPLAIN=1 also prints the raw queries' plans.
// Not a test: run by hand. The throw-away database is dropped at the end.
import { apiPlugin } from "@starport/api";
import { createTokenService } from "@starport/api/auth";
import { migrateDatabase, openDatabase } from "@starport/db";
import { createThrowawayDatabase } from "@starport/db/testing";
import { fastify } from "fastify";
import pg from "pg";

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error("DATABASE_URL is required (a PostgreSQL the script may create a database on)");
  process.exit(64);
}
const iterations = Number(process.argv[2] ?? 500);
const ROWS = 1_000_000;
const PROFILES = 100; // 10,000 tags per profile
const CUSTOMER = "00000000-0000-4000-8000-00000000b001";
const PROFILE = "00000000-0000-4000-8000-00000000c001";

const throwaway = await createThrowawayDatabase(adminUrl, "starport_bench");
const connection = await openDatabase({ databaseUrl: throwaway.url });
const raw = new pg.Pool({ connectionString: throwaway.url, max: 4 });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(run: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < Math.min(50, iterations); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

try {
  await migrateDatabase(connection);
  console.log(
    `seeding ${ROWS.toLocaleString("en")} tags in ${new URL(throwaway.url).pathname.slice(1)} …`,
  );
  const seedStarted = performance.now();
  await raw.query(
    `insert into customers (id, name) values ($1, 'Bench'), (gen_random_uuid(), 'Other')`,
    [CUSTOMER],
  );
  await raw.query(
    `insert into seller_profiles (id, customer_id, name)
     select case when n = 1 then $2::uuid else gen_random_uuid() end, $1, 'Profile ' || n
     from generate_series(1, ${PROFILES}) as n`,
    [CUSTOMER, PROFILE],
  );
  await raw.query(
    `insert into tags (seller_profile_id, text)
     select p.id, 'tag ' || md5(p.id::text || n::text)
     from seller_profiles p, generate_series(1, ${ROWS / PROFILES}) as n`,
  );
  // Steady state: autovacuum has set the visibility map, so counts can use index-only scans.
  await raw.query("vacuum analyze");
  console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  const tokens = createTokenService({ secret: "b".repeat(40), db: connection.db });
  const { token } = await tokens.issue({
    id: randomUuid(),
    customerId: CUSTOMER,
    roles: ["ROLE_USER"],
  });
  const app = fastify({ logger: false });
  await app.register(
    async (api) =>
      apiPlugin(api, {
        db: connection.db,
        tokens,
        databaseDriver: "postgres",
        pingDatabase: async () => {},
        pingJobs: async () => {},
      }),
    { prefix: "/api" },
  );
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const headers = { authorization: `Bearer ${token}`, accept: "application/ld+json" };

  const scenarios = [
    {
      label: "profile filter + order[text]=ASC, page 1 of 30",
      path: `/api/tags?profile=${PROFILE}&order[text]=ASC`,
      where: "t.seller_profile_id = $1",
      params: [PROFILE] as unknown[],
    },
    {
      label: "profile filter + text partial + order[text]=DESC",
      path: `/api/tags?profile=${PROFILE}&text=ab&order[text]=DESC`,
      where: "t.seller_profile_id = $1 and t.text ilike $2",
      params: [PROFILE, "%ab%"] as unknown[],
      desc: true,
    },
  ];

  console.log(`\n${iterations} requests each, after 50 warm-up; latency in ms\n`);
  console.log(
    "scenario".padEnd(52),
    "endpoint p50/p99".padEnd(20),
    "raw pg p50/p99".padEnd(20),
    "ratio p50/p99",
  );
  for (const scenario of scenarios) {
    let checked = false;
    const endpoint = await measure(async () => {
      const response = await fetch(`${address}${scenario.path}`, { headers });
      const body = (await response.json()) as { "hydra:member": unknown[] };
      if (!checked) {
        if (response.status !== 200 || body["hydra:member"].length === 0)
          throw new Error(`unexpected answer ${response.status}`);
        checked = true;
      }
    });
    // The same SQL the endpoint runs: tenant scope, filters, order, page; and the count.
    const scope = `t.seller_profile_id in (select id from seller_profiles where customer_id = $${scenario.params.length + 1})`;
    const params = [...scenario.params, CUSTOMER];
    const order = scenario.desc ? "t.text desc, t.id asc" : "t.text asc, t.id asc";
    const rawQuery = await measure(async () => {
      await Promise.all([
        raw.query(
          `select t.id, t.seller_profile_id, t.text, t.created_at from tags t where ${scope} and ${scenario.where} order by ${order} limit 30`,
          params,
        ),
        raw.query(`select count(*) from tags t where ${scope} and ${scenario.where}`, params),
      ]);
    });
    if (process.env.EXPLAIN) {
      const plan = await raw.query(
        `explain analyze select t.id, t.seller_profile_id, t.text, t.created_at from tags t where ${scope} and ${scenario.where} order by ${order} limit 30`,
        params,
      );
      const countPlan = await raw.query(
        `explain analyze select count(*) from tags t where ${scope} and ${scenario.where}`,
        params,
      );
      for (const row of [...plan.rows, ...countPlan.rows]) console.log("   ", row["QUERY PLAN"]);
    }
    const fmt = (m: { p50: number; p99: number }) => `${m.p50.toFixed(2)} / ${m.p99.toFixed(2)}`;
    console.log(
      scenario.label.padEnd(52),
      fmt(endpoint).padEnd(20),
      fmt(rawQuery).padEnd(20),
      `${(endpoint.p50 / rawQuery.p50).toFixed(2)}x / ${(endpoint.p99 / rawQuery.p99).toFixed(2)}x`,
    );
  }
  await app.close();
} finally {
  await raw.end();
  await connection.close();
  await throwaway.drop();
}

function randomUuid(): string {
  return crypto.randomUUID();
}
