// Issue 19's second speed goal: a full optimiser run for 100,000 targets on PostgreSQL, reading
// the facts and writing the recommendations, in ≤ 10 s. One seller profile, one marketplace
// (DE): 1,000 campaigns × 10 ad groups × 10 exact keywords, one product (and its product ad) per
// ad group, 35 days of daily facts per keyword (the 30-day window and the attribution lag), search
// terms on every fifth keyword, a week of campaign spend. Automation mode: the default (suggest),
// so every decision becomes an open recommendation.
//   run 1: the first run, after the sync has built the running totals (timed apart)
//   run 2: the next day's run on the same facts (supersedes run 1's open recommendations)
// Each run is the production use case (`runOptimiser`: load → optimise → one transaction of
// recommendations) timed as a whole, with its phases timed apart in a second pass beside it
// (load and optimise without writing). Baseline in the same process: `select 1` round trips.
// Usage: DATABASE_URL=postgres://user:pass@host:5432/postgres node scripts/bench/optimiser-run-pg.ts
// TARGETS=<n> (a multiple of 100) changes the size. Works in a throw-away database created next to
// DATABASE_URL's and dropped at the end. Not a test: run by hand.
import { migrateDatabase, openDatabase, refreshProfileRollups } from "@starport/db";
import { createThrowawayDatabase } from "@starport/db/testing";
import { optimise } from "@starport/optimiser";
import pg from "pg";
import { loadOptimiserInput } from "../../apps/api/src/optimiser/load-optimiser-input.ts";
import { queueOptimiserRun, runOptimiser } from "../../apps/api/src/optimiser/run-optimiser.ts";
import { keptDatabase } from "./support/databases.ts";

const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl?.startsWith("postgres")) {
  console.error("DATABASE_URL (a PostgreSQL URL) is required");
  process.exit(64);
}
const TARGETS = Number(process.env.TARGETS ?? 100_000);
const GROUPS = TARGETS / 10;
const CAMPAIGNS = Math.max(1, GROUPS / 10);
const DAYS = 35;
const TODAY = "2026-11-01";
const FIRST = "2026-09-27"; // TODAY − 35 days
const CUSTOMER = "00000000-0000-4000-8000-00000000f001";
const SELLER = "00000000-0000-4000-8000-00000000f101";
const ACCOUNT = "00000000-0000-4000-8000-00000000f151";
const PROFILE = "00000000-0000-4000-8000-00000000f201";

// BENCH_KEEP_DATABASE=<name>: seed that database once and keep it (for EXPLAIN between runs).
const keep = process.env.BENCH_KEEP_DATABASE;
if (keep !== undefined && !/^[a-z_][a-z0-9_]*$/.test(keep)) {
  console.error("BENCH_KEEP_DATABASE must be a plain database name (a-z, 0-9, _)");
  process.exit(64);
}
const throwaway = keep
  ? await keptDatabase(adminUrl, keep)
  : await createThrowawayDatabase(adminUrl, "starport_bench");
const connection = await openDatabase({ databaseUrl: throwaway.url });
const raw = new pg.Pool({ connectionString: throwaway.url, max: 2 });
const ms = (since: number) => performance.now() - since;
const seconds = (since: number) => `${(ms(since) / 1000).toFixed(1)} s`;

async function seed() {
  const started = performance.now();
  await raw.query(`insert into customers (id, name) values ($1, 'Bench')`, [CUSTOMER]);
  await raw.query(`insert into seller_profiles (id, customer_id, name) values ($1, $2, 'Bench')`, [
    SELLER,
    CUSTOMER,
  ]);
  await raw.query(
    `insert into seller_accounts (id, seller_profile_id, name) values ($1, $2, 'Bench account')`,
    [ACCOUNT, SELLER],
  );
  await raw.query(
    `insert into advertising_profiles (id, seller_profile_id, amazon_profile_id, country_code, currency, timezone)
     values ($1, $2, '1', 'DE', 'EUR', 'Europe/Berlin')`,
    [PROFILE, SELLER],
  );
  await raw.query(
    `insert into campaigns (id, advertising_profile_id, amazon_campaign_id, name, state, targeting_type, budget_micros, bidding_strategy)
     select md5('c' || n)::uuid, $1, 'c' || n, 'Campaign ' || n, 'ENABLED', 'MANUAL', 20000000 + (n % 7) * 5000000, 'LEGACY_FOR_SALES'
     from generate_series(0, ${CAMPAIGNS - 1}) n`,
    [PROFILE],
  );
  await raw.query(
    `insert into ad_groups (id, advertising_profile_id, amazon_ad_group_id, amazon_campaign_id, campaign_id, name, state, default_bid_micros)
     select md5('g' || n)::uuid, $1, 'g' || n, 'c' || (n / 10), md5('c' || (n / 10))::uuid, 'Ad group ' || n, 'ENABLED', 600000
     from generate_series(0, ${GROUPS - 1}) n`,
    [PROFILE],
  );
  await raw.query(
    `insert into products (id, seller_account_id, marketplace, marketplace_id, sku, asin, title, price_micros, currency, status)
     select md5('p' || n)::uuid, $1, 'DE', 'A1PA6795UKMFR9', 'SKU-' || n, 'B0' || lpad(n::text, 8, '0'), 'Product ' || n,
       15000000 + (n % 30) * 1000000, 'EUR', 'Active'
     from generate_series(0, ${GROUPS - 1}) n`,
    [ACCOUNT],
  );
  await raw.query(
    `insert into product_ads (advertising_profile_id, amazon_ad_id, amazon_campaign_id, amazon_ad_group_id, campaign_id, ad_group_id, sku, asin, state)
     select $1, 'a' || n, 'c' || (n / 10), 'g' || n, md5('c' || (n / 10))::uuid, md5('g' || n)::uuid, 'SKU-' || n,
       'B0' || lpad(n::text, 8, '0'), 'ENABLED'
     from generate_series(0, ${GROUPS - 1}) n`,
    [PROFILE],
  );
  await raw.query(
    `insert into keywords (advertising_profile_id, amazon_keyword_id, amazon_campaign_id, amazon_ad_group_id, campaign_id, ad_group_id,
       keyword_text, match_type, state, bid_micros)
     select $1, 'k' || n, 'c' || (n / 100), 'g' || (n / 10), md5('c' || (n / 100))::uuid, md5('g' || (n / 10))::uuid,
       'keyword ' || md5(n::text), 'EXACT', 'ENABLED', 300000 + (n % 12) * 50000
     from generate_series(0, ${TARGETS - 1}) n`,
    [PROFILE],
  );
  console.log(`tree: ${TARGETS.toLocaleString("en")} keywords in ${seconds(started)}`);
  let step = performance.now();
  // Sparse like real accounts: most keyword-days have a few impressions and no click; CVR and CPC
  // vary by keyword so decisions go both ways.
  await raw.query(
    `insert into ad_performance_daily (advertising_profile_id, entity_type, amazon_id, date, amazon_campaign_id, amazon_ad_group_id,
       impressions, clicks, cost_micros, orders, units, sales_micros)
     select $1, 'keyword', 'k' || n, '${FIRST}'::date + i, 'c' || (n / 100), 'g' || (n / 10),
       5 + (n * 7 + i * 3) % 40, c.clicks, c.clicks * (250000 + (n % 16) * 40000), c.orders, c.orders,
       c.orders * (15000000 + (n % 30) * 1000000)
     from generate_series(0, ${DAYS - 1}) i, generate_series(0, ${TARGETS - 1}) n,
       lateral (select case when (n * 13 + i * 7) % 5 = 0 then 1 + (n + i) % 3 else 0 end as clicks) k,
       lateral (select k.clicks, case when k.clicks > 0 and (n * 31 + i * 17) % (8 + n % 20) = 0 then 1 else 0 end as orders) c`,
    [PROFILE],
  );
  console.log(`keyword facts in ${seconds(step)}`);
  step = performance.now();
  await raw.query(
    `insert into ad_performance_daily (advertising_profile_id, entity_type, amazon_id, date, amazon_campaign_id,
       impressions, clicks, cost_micros, orders, units, sales_micros)
     select $1, 'campaign', amazon_campaign_id, date, amazon_campaign_id, sum(impressions), sum(clicks), sum(cost_micros),
       sum(orders), sum(units), sum(sales_micros)
     from ad_performance_daily where entity_type = 'keyword' and date >= '${TODAY}'::date - 8
     group by amazon_campaign_id, date`,
    [PROFILE],
  );
  await raw.query(
    `insert into search_term_daily (advertising_profile_id, amazon_target_id, search_term, date, amazon_campaign_id, amazon_ad_group_id,
       impressions, clicks, cost_micros, orders, units, sales_micros)
     select $1, amazon_id, 'term ' || t || ' ' || amazon_id, date, amazon_campaign_id, amazon_ad_group_id,
       impressions / 2, clicks / 2 + t % 2, (clicks / 2 + t % 2) * 300000, case when t = 0 then orders else 0 end,
       case when t = 0 then units else 0 end, case when t = 0 then sales_micros else 0 end
     from ad_performance_daily, generate_series(0, 1) t
     where entity_type = 'keyword' and substr(amazon_id, 2)::int % 5 = 0 and clicks > 0`,
    [PROFILE],
  );
  await raw.query("vacuum analyze");
  const counts = (
    await raw.query(
      `select (select count(*) from ad_performance_daily)::int as facts,
         (select count(*) from search_term_daily)::int as terms`,
    )
  ).rows[0] as { facts: number; terms: number };
  console.log(
    `facts: ${counts.facts.toLocaleString("en")} daily rows, ${counts.terms.toLocaleString("en")} search-term rows in ${seconds(step)}`,
  );
  // The sync refreshes the running totals when its reports have arrived, before it queues the
  // optimiser run (packages/sync/src/engine/execute.ts): the run finds them built.
  step = performance.now();
  await refreshProfileRollups(connection.db, PROFILE);
  await raw.query("vacuum analyze ad_performance_cumulative");
  console.log(`running totals built (the sync's part, not the run's) in ${seconds(step)}`);
}

async function timedRun(label: string, today: string) {
  const run = await queueOptimiserRun(connection.db, {
    sellerProfileId: SELLER,
    trigger: "manual",
    runDate: today,
  });
  const started = performance.now();
  const result = await runOptimiser(connection.db, run!.id, { today });
  const wall = ms(started);
  const counts = result?.run.counts as Record<string, number> | undefined;
  console.log(
    `${label}: ${(wall / 1000).toFixed(2)} s wall (status ${result?.run.status}; ${counts?.recommendations ?? 0} recommendations written, ${counts?.superseded ?? 0} superseded; decisions: bid ${counts?.bid}, keyword ${counts?.keyword}, negative ${counts?.negative}, budget ${counts?.budget})`,
  );
  return wall;
}

async function phases(today: string) {
  let started = performance.now();
  const loaded = await loadOptimiserInput(connection.db, PROFILE, today);
  const load = ms(started);
  started = performance.now();
  const output = optimise(loaded!.input);
  const decide = ms(started);
  console.log(
    `  phases apart: load ${(load / 1000).toFixed(2)} s, optimise ${(decide / 1000).toFixed(2)} s (${output.decisions.length.toLocaleString("en")} decisions)`,
  );
}

try {
  await migrateDatabase(connection);
  if ((await raw.query("select 1 from customers where id = $1", [CUSTOMER])).rowCount === 1)
    console.log(`reusing the seeded database ${keep}`);
  else await seed();
  const baselineStarted = performance.now();
  for (let i = 0; i < 200; i++) await raw.query("select 1");
  console.log(`baseline: 200 × select 1 in ${ms(baselineStarted).toFixed(0)} ms`);
  const rss = () => `${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`;
  const first = await timedRun(`run 1 (${TARGETS.toLocaleString("en")} targets)`, TODAY);
  await phases(TODAY);
  const second = await timedRun("run 2 (next day)", "2026-11-02");
  await phases("2026-11-02");
  const size = (
    await raw.query(
      `select pg_size_pretty(pg_total_relation_size('recommendations')) as total,
         (select avg(pg_column_size(r.*))::int from recommendations r) as row_bytes`,
    )
  ).rows[0] as { total: string; row_bytes: number };
  console.log(`recommendations: ${size.total} with indexes, ${size.row_bytes} bytes a row`);
  console.log(
    `goal ≤ 10 s per run: run 1 ${(first / 1000).toFixed(2)} s, run 2 ${(second / 1000).toFixed(2)} s; RSS ${rss()}`,
  );
} finally {
  await raw.end();
  await connection.close();
  await throwaway.drop();
}
