// Collection previews (issue 11 §5): the live count while a seller edits a rule-based collection,
// POST /api/catalogue/collections/preview over real HTTP. Seeds one seller profile with PRODUCTS
// listings on 4 marketplaces (default 20,000), 20 tags (30 % of products tagged), and 90 days of
// ad facts for a quarter of them (product ads). Prints p50/p95 of rule sets with and without ad
// metric conditions next to a baseline: the same count for a rule without metrics (a tag).
// Usage: node scripts/bench/collection-preview.ts [iterations]     (embedded PGlite, in memory)
//        DATABASE_URL=postgres://… node scripts/bench/collection-preview.ts [iterations]
// PRODUCTS=<n> changes the catalogue size; EXPLAIN=1 prints each scenario's count plan. A
// throw-away PostgreSQL database is dropped at the end.
import { apiPlugin } from "@starport/api";
import { createTokenService } from "@starport/api/auth";
import { migrateDatabase, openDatabase } from "@starport/db";
import { createThrowawayDatabase } from "@starport/db/testing";
import { getMarketplace } from "@starport/marketplaces";
import { sql } from "drizzle-orm";
import { fastify } from "fastify";
import {
  compileRuleSet,
  PRODUCT_FROM,
  type RuleSet,
  ruleScopeOf,
  todayUtc,
} from "../../apps/api/src/catalogue/collection-rules.ts";
import { measureLatency } from "./support/latency.ts";

const iterations = Number(process.argv[2] ?? 40);
const PRODUCTS = Number(process.env.PRODUCTS ?? 20_000);
const DAYS = 90;
const CUSTOMER = "00000000-0000-4000-8000-00000000b013";
const PROFILE = "00000000-0000-4000-8000-00000000c013";
const ACCOUNT = "00000000-0000-4000-8000-00000000d013";
// Four EU marketplaces with Amazon's ids, from the one list of marketplaces.
const MARKETS = (["DE", "FR", "IT", "ES"] as const).map(
  (code) => [code, getMarketplace(code)?.marketplaceId ?? ""] as const,
);

const adminUrl = process.env.DATABASE_URL;
const throwaway = adminUrl ? await createThrowawayDatabase(adminUrl, "starport_bench") : null;
const connection = await openDatabase(
  throwaway ? { databaseUrl: throwaway.url } : { dataDir: "memory://" },
);
const { db } = connection;
const run = (query: string) => db.execute(sql.raw(query));

try {
  await migrateDatabase(connection);
  console.log(`seeding ${PRODUCTS.toLocaleString("en")} products on ${connection.kind} …`);
  const seedStarted = performance.now();
  await run(`insert into customers (id, name) values ('${CUSTOMER}', 'Bench')`);
  await run(
    `insert into seller_profiles (id, customer_id, name) values ('${PROFILE}', '${CUSTOMER}', 'Bench')`,
  );
  await run(
    `insert into seller_accounts (id, seller_profile_id, name) values ('${ACCOUNT}', '${PROFILE}', 'EU')`,
  );
  const markets = `(values ${MARKETS.map(([c, id], i) => `(${i}, '${c}', '${id}')`).join(", ")}) as m(i, code, id)`;
  await run(
    `insert into products (seller_account_id, marketplace, marketplace_id, sku, asin, title,
       price_micros, currency, status, brand, category)
     select '${ACCOUNT}', m.code, m.id, 'SKU-' || lpad(n::text, 6, '0'), 'B0' || upper(substr(md5(n::text), 1, 8)),
       'Product ' || n, (500 + (n * 7919) % 20000) * 10000, 'EUR', 'Active',
       'Brand ' || (n % 40), 'Category ' || (n % 25)
     from generate_series(1, ${PRODUCTS}) as n join ${markets} on m.i = n % 4`,
  );
  await run(
    `insert into tags (seller_profile_id, text)
     select '${PROFILE}', 'tag ' || n from generate_series(1, 20) as n`,
  );
  await run(
    `insert into product_tags (product_id, tag_id)
     select p.id, t.id from products p
     join (select id, row_number() over (order by text) - 1 as i from tags) t
       on t.i = abs(hashtext(p.sku)) % 20
     where abs(hashtext('tag' || p.sku)) % 10 < 3`,
  );
  for (const [i, [code]] of MARKETS.entries())
    await run(
      `insert into advertising_profiles (seller_profile_id, amazon_profile_id, country_code, currency, timezone)
       values ('${PROFILE}', '${9_100_000 + i}', '${code}', 'EUR', 'Europe/Berlin')`,
    );
  await run(
    `insert into product_ads (advertising_profile_id, amazon_ad_id, amazon_campaign_id, amazon_ad_group_id, sku, asin, state)
     select ap.id, 'AD' || p.sku, '1', '1', p.sku, p.asin, 'ENABLED'
     from products p join advertising_profiles ap on ap.country_code = p.marketplace
     where substr(p.sku, 5)::int % 4 = 1`,
  );
  // The last 90 days before today, so every rule window (7–90 days) holds facts.
  await run(
    `insert into ad_performance_daily (advertising_profile_id, entity_type, amazon_id, date,
       amazon_campaign_id, amazon_ad_group_id, impressions, clicks, cost_micros, orders, units, sales_micros)
     select pa.advertising_profile_id, 'product_ad', pa.amazon_ad_id, d::date, '1', '1',
       100, 5, (abs(hashtext(pa.sku || d::text)) % 500) * 10000, 1, 1,
       (abs(hashtext('s' || pa.sku || d::text)) % 3000) * 10000
     from product_ads pa,
       generate_series(current_date - ${DAYS}, current_date - 1, '1 day') as d`,
  );
  await run(connection.kind === "postgres" ? "vacuum analyze" : "analyze");
  const [facts] = (
    (await run("select count(*)::int as n from ad_performance_daily")) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  console.log(
    `seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (${Number(facts!.n).toLocaleString("en")} ad facts over ${DAYS} days)`,
  );
  const [tag] = (
    (await run(`select text from tags order by text limit 1`)) as unknown as {
      rows: { text: string }[];
    }
  ).rows;

  const tokens = createTokenService({ secret: "b".repeat(40), db });
  const { token } = await tokens.issue({
    id: crypto.randomUUID(),
    customerId: CUSTOMER,
    roles: ["ROLE_USER"],
  });
  const app = fastify({ logger: false });
  await app.register(
    async (api) =>
      apiPlugin(api, {
        db,
        tokens,
        databaseDriver: connection.kind === "postgres" ? "postgres" : "pglite",
        pingDatabase: async () => {},
        pingJobs: async () => {},
      }),
    { prefix: "/api" },
  );
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const byTag = { field: "tag", operator: "is", value: tag!.text };
  const metric = (name: string, windowDays: number, operator: string, value: number) => ({
    field: "metric",
    metric: name,
    windowDays,
    operator,
    value,
  });
  const scenarios = [
    ["baseline: tag (no ad metrics)", { match: "all", conditions: [byTag] }],
    ["ACoS 30 d > 18 %", { match: "all", conditions: [metric("acos", 30, "gt", 18)] }],
    [
      "tag and ACoS 30 d > 18 %",
      { match: "all", conditions: [byTag, metric("acos", 30, "gt", 18)] },
    ],
    [
      "tag or spend 90 d > 100 (any)",
      { match: "any", conditions: [byTag, metric("spend", 90, "gt", 100)] },
    ],
    [
      "ACoS 7 d > 20 % and orders 30 d >= 10 and brand",
      {
        match: "all",
        conditions: [
          metric("acos", 7, "gt", 20),
          metric("orders", 30, "gte", 10),
          { field: "brand", operator: "is", value: "Brand 1" },
        ],
      },
    ],
  ] as const;

  console.log(`\n${iterations} requests each after 5 warm-up; latency in ms\n`);
  console.log("scenario".padEnd(52), "count".padStart(7), "  p50".padEnd(9), "p95".padEnd(9));
  let baselineP95 = 0;
  for (const [label, rules] of scenarios) {
    let count = 0;
    const result = await measureLatency(iterations, async () => {
      const response = await fetch(`${address}/api/catalogue/collections/preview`, {
        method: "POST",
        headers,
        body: JSON.stringify({ sellerProfile: PROFILE, rules }),
      });
      if (response.status !== 200)
        throw new Error(`${label}: ${response.status} ${await response.text()}`);
      count = ((await response.json()) as { count: number }).count;
    });
    if (baselineP95 === 0) baselineP95 = result.p95;
    if (process.env.EXPLAIN === "1") {
      const where = compileRuleSet(
        rules as unknown as RuleSet,
        await ruleScopeOf(db, PROFILE, todayUtc(), [rules]),
      );
      const plan = (await db.execute(
        sql`explain analyze select count(*) ${PRODUCT_FROM} where sa.seller_profile_id = ${PROFILE} and ${where}`,
      )) as unknown as { rows: Record<string, string>[] };
      console.log(plan.rows.map((r) => Object.values(r)[0]).join("\n"));
    }
    console.log(
      label.padEnd(52),
      String(count).padStart(7),
      ` ${result.p50.toFixed(1)}`.padEnd(9),
      result.p95.toFixed(1).padEnd(9),
      `${(result.p95 / baselineP95).toFixed(1)}x baseline`,
    );
  }
  await app.close();
} finally {
  await connection.close();
  await throwaway?.drop();
}
