// Hangar speed goal 2 (issue 9): the profile-wide keyword list on PostgreSQL with 100,000 keywords
// × 90 days of facts (9,000,000 rows), filtered by ACoS > 30 %, sorted by spend, one page of 50.
//   GET /api/keywords?profile=…&from&to&acos[gt]=0.3&order[cost]=desc&itemsPerPage=50 over real HTTP
//   (the running-totals storage: two rows per keyword), next to the same question asked of the
//   daily facts directly in SQL (sum over every day; the design without the running totals).
//   Also: building the running totals of 9M facts once, and rebuilding after the daily sync
//   restates the last 14 days (1.4M facts updated).
// Usage: DATABASE_URL=postgres://user:pass@host:5432/postgres node scripts/bench/hangar-profile-keywords.ts [iterations]
// Works in a throw-away database created next to DATABASE_URL's and dropped at the end. With
// BENCH_KEEP_DATABASE=<name> it uses (and keeps) that database instead: created and seeded on the
// first run, reused as it is by the next ones (seeding and the first rollup take minutes). Such a
// run skips the restatement at the end unless BENCH_RESTATE=1 (it changes the kept facts).
import http from "node:http";
import { apiPlugin } from "@starport/api";
import { createTokenService } from "@starport/api/auth";
import { migrateDatabase, openDatabase } from "@starport/db";
import { createThrowawayDatabase } from "@starport/db/testing";
import { fastify } from "fastify";
import pg from "pg";
import { keptDatabase } from "./support/databases.ts";
import { measureLatency } from "./support/latency.ts";

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl?.startsWith("postgres")) {
  console.error("DATABASE_URL (a PostgreSQL URL) is required");
  process.exit(64);
}
const iterations = Number(process.argv[2] ?? 50);
const KEYWORDS = Number(process.env.KEYWORDS ?? 100_000);
const DAYS = 90;
const FIRST = "2026-08-01";
const LAST = "2026-10-29"; // FIRST + 89 days
const LAST_30 = "2026-09-30"; // LAST − 29 days
const CUSTOMER = "00000000-0000-4000-8000-00000000d001";
const SELLER = "00000000-0000-4000-8000-00000000d101";
const PROFILE = "00000000-0000-4000-8000-00000000d201";
const USER = "00000000-0000-4000-8000-00000000d301";

const keep = process.env.BENCH_KEEP_DATABASE;
if (keep !== undefined && !/^[a-z_][a-z0-9_]*$/.test(keep)) {
  console.error("BENCH_KEEP_DATABASE must be a plain database name (a-z, 0-9, _)");
  process.exit(64);
}
const restate = keep === undefined || process.env.BENCH_RESTATE === "1";
const throwaway = keep
  ? await keptDatabase(adminUrl, keep)
  : await createThrowawayDatabase(adminUrl, "starport_bench");
const connection = await openDatabase({ databaseUrl: throwaway.url });
const raw = new pg.Pool({ connectionString: throwaway.url, max: 4 });
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** 100,000 keywords with 90 days of facts each, analysed as autovacuum would have. */
async function seed() {
  let started = performance.now();
  await raw.query(`insert into customers (id, name) values ($1, 'Bench')`, [CUSTOMER]);
  await raw.query(
    `insert into users (id, customer_id, email, name) values ($1, $2, 'bench@example.test', 'Bench')`,
    [USER, CUSTOMER],
  );
  await raw.query(
    `insert into seller_profiles (id, customer_id, name) values ($1, $2, 'Bench Store')`,
    [SELLER, CUSTOMER],
  );
  await raw.query(
    `insert into advertising_profiles (id, seller_profile_id, amazon_profile_id, country_code, currency, timezone)
     values ($1, $2, '1', 'DE', 'EUR', 'Europe/Berlin')`,
    [PROFILE, SELLER],
  );
  await raw.query(
    `insert into keywords (advertising_profile_id, amazon_keyword_id, amazon_campaign_id, amazon_ad_group_id, keyword_text, match_type, state, bid_micros)
     select $1, 'k' || n, 'c' || (n / 1000), 'g' || (n / 100), 'keyword ' || md5(n::text), 'EXACT', 'ENABLED', 500000
     from generate_series(1, ${KEYWORDS}) n`,
    [PROFILE],
  );
  console.log(`${KEYWORDS.toLocaleString("en")} keywords in ${seconds(started)}`);
  started = performance.now();
  // 90 days of facts per keyword; ACoS spreads around 30 % (cost per click and price vary by keyword).
  await raw.query(
    `insert into ad_performance_daily (advertising_profile_id, entity_type, amazon_id, date, amazon_campaign_id, amazon_ad_group_id,
       impressions, clicks, cost_micros, orders, units, sales_micros)
     select $1, 'keyword', 'k' || n, d::date, 'c' || (n / 1000), 'g' || (n / 100),
       ((n * 13 + i * 7) % 6) * 20 + n % 50, (n * 13 + i * 7) % 6,
       ((n * 13 + i * 7) % 6) * (200000 + (n % 100) * 10000),
       case when (n * 31 + i * 17) % 10 < 2 then 1 else 0 end,
       case when (n * 31 + i * 17) % 10 < 2 then 1 else 0 end,
       case when (n * 31 + i * 17) % 10 < 2 then 10000000 + (n % 40) * 1000000 else 0 end
     from generate_series(0, ${DAYS - 1}) i, lateral (select '${FIRST}'::date + i as d) day,
       generate_series(1, ${KEYWORDS}) n`,
    [PROFILE],
  );
  // Steady state: autovacuum has analysed the synced tables.
  await raw.query("vacuum analyze");
  const [{ n: facts }] = (await raw.query("select count(*)::int as n from ad_performance_daily"))
    .rows;
  console.log(`${Number(facts).toLocaleString("en")} daily facts in ${seconds(started)}`);
}

try {
  await migrateDatabase(connection);
  const seeded =
    (await raw.query("select 1 from customers where id = $1", [CUSTOMER])).rowCount === 1;
  if (seeded) console.log(`reusing the seeded database ${keep}`);
  else await seed();
  let started = performance.now();

  const tokens = createTokenService({ secret: "b".repeat(40), db: connection.db });
  const { token } = await tokens.issue({ id: USER, customerId: CUSTOMER, roles: ["ROLE_USER"] });
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
  const headers = { authorization: `Bearer ${token}` };
  const url = `${address}/api/keywords?profile=${PROFILE}&from=${FIRST}&to=${LAST}&acos[gt]=0.3&order[cost]=desc&itemsPerPage=50`;
  // Beside it (not a goal): the last 30 days with the previous 30 as comparison, so both days
  // read of the running totals hold every keyword (in the 90-day range the day before is empty).
  const compareUrl = `${address}/api/keywords?profile=${PROFILE}&from=${LAST_30}&to=${LAST}&compare=previous&acos[gt]=0.3&order[cost]=desc&itemsPerPage=50`;
  const get = async (from = url) => {
    const response = await fetch(from, { headers });
    const body = (await response.json()) as {
      "hydra:member": { metrics: { acos: number } }[];
      "hydra:totalItems": number;
    };
    if (response.status !== 200 || body["hydra:member"].length !== 50)
      throw new Error(`unexpected answer ${response.status}`);
    return body;
  };

  started = performance.now();
  // Builds the running totals of all 9M facts: longer than fetch waits for headers (300 s).
  const first = await new Promise<{ "hydra:totalItems": number }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on("end", () => resolve(JSON.parse(body)));
      })
      .on("error", reject);
  });
  console.log(`first request (builds the running totals of every fact): ${seconds(started)}`);
  await raw.query("vacuum analyze ad_performance_cumulative");
  console.log(
    `  ${first["hydra:totalItems"].toLocaleString("en")} of ${KEYWORDS.toLocaleString("en")} keywords have ACoS > 30 %`,
  );

  const api = await measureLatency(iterations, () => get());
  const compared = await measureLatency(iterations, () => get(compareUrl));
  // The same question of the daily facts: sum every day of every keyword, filter, sort, page.
  const daily = await measureLatency(Math.max(3, Math.floor(iterations / 10)), () =>
    raw.query(
      `select k.*, m.* from keywords k join (
         select amazon_id, sum(impressions) impressions, sum(clicks) clicks, sum(cost_micros) / 1e6 cost,
           sum(orders) orders, sum(units) units, sum(sales_micros) / 1e6 sales
         from ad_performance_daily where advertising_profile_id = $1 and entity_type = 'keyword'
           and date between $2 and $3 group by amazon_id) m on m.amazon_id = k.amazon_keyword_id
       where k.advertising_profile_id = $1 and m.cost / nullif(m.sales, 0) > 0.3
       order by m.cost desc, k.id limit 50`,
      [PROFILE, FIRST, LAST],
    ),
  );
  const fmt = (m: { p50: number; p95: number }) =>
    `p50 ${m.p50.toFixed(0)} ms, p95 ${m.p95.toFixed(0)} ms`;
  console.log(
    `\nacos[gt]=0.3, order[cost]=desc, 50 per page, ${DAYS} days, ${KEYWORDS.toLocaleString("en")} keywords:`,
  );
  console.log(`  API over HTTP (running totals), ${iterations} requests: ${fmt(api)}`);
  console.log(`  SQL alone over the daily facts (no running totals):   ${fmt(daily)}`);
  console.log(
    `  API, last 30 days with compare=previous, ${iterations} requests: ${fmt(compared)}`,
  );

  if (restate) {
    // The daily sync restates the last 14 days: update them, then time the next request's rebuild.
    started = performance.now();
    await raw.query(
      `update ad_performance_daily set clicks = clicks + 1, cost_micros = cost_micros + 100000
       where advertising_profile_id = $1 and date > $2::date - 14`,
      [PROFILE, LAST],
    );
    console.log(
      `\nrestating the last 14 days (${(14 * KEYWORDS).toLocaleString("en")} facts updated, trigger included): ${seconds(started)}`,
    );
    started = performance.now();
    await get();
    console.log(`next request, rebuilding 14 days of running totals: ${seconds(started)}`);
  }
  await app.close();
} finally {
  await raw.end();
  await connection.close();
  await throwaway.drop();
}
