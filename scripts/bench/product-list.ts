// Product list at 100,000 products (issue 11 §3): filter + sort + page latency of
// GET /api/catalogue/products over real HTTP, against a throw-away database on the PostgreSQL
// named by DATABASE_URL. Seeds one seller profile with 100,000 listings on 4 marketplaces,
// own fields (a third with cost), FBA stock, 20 tags (30 % of products tagged), and 30 days of
// ad facts for 20,000 advertised SKUs (600,000 rows). Prints p50/p95 per scenario next to a
// baseline (the plain SQL page of the listings table sorted by title, no joins) and the ratio.
// Usage: DATABASE_URL=postgres://user:pass@host:5432/postgres node scripts/bench/product-list.ts [iterations]
// EXPLAIN=1 also prints the plan of each scenario's statement. NO_TRGM=1 drops the trigram search
// index (migration 0014, where pg_trgm exists) to compare. The database is dropped at the end.
import { apiPlugin } from "@starport/api";
import { createTokenService } from "@starport/api/auth";
import { migrateDatabase, openDatabase } from "@starport/db";
import { createThrowawayDatabase } from "@starport/db/testing";
import { getMarketplace } from "@starport/marketplaces";
import { fastify } from "fastify";
import pg from "pg";
import { measureLatency } from "./support/latency.ts";

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error("DATABASE_URL is required (a PostgreSQL the script may create a database on)");
  process.exit(64);
}
const iterations = Number(process.argv[2] ?? 40);
const PRODUCTS = 100_000;
const ADVERTISED = 20_000;
const DAYS = 30;
const CUSTOMER = "00000000-0000-4000-8000-00000000b011";
const PROFILE = "00000000-0000-4000-8000-00000000c011";
const ACCOUNT = "00000000-0000-4000-8000-00000000d011";
const TAG = "00000000-0000-4000-8000-00000000e011";
// Four EU marketplaces with Amazon's ids, from the one list of marketplaces.
const MARKETS = (["DE", "FR", "IT", "ES"] as const).map(
  (code) => [code, getMarketplace(code)?.marketplaceId ?? ""] as const,
);

const throwaway = await createThrowawayDatabase(adminUrl, "starport_bench");
const connection = await openDatabase({ databaseUrl: throwaway.url });
const raw = new pg.Pool({ connectionString: throwaway.url, max: 4 });

try {
  await migrateDatabase(connection);
  console.log(`seeding ${PRODUCTS.toLocaleString("en")} products …`);
  const seedStarted = performance.now();
  await raw.query(`insert into customers (id, name) values ($1, 'Bench')`, [CUSTOMER]);
  await raw.query(`insert into seller_profiles (id, customer_id, name) values ($1, $2, 'Bench')`, [
    PROFILE,
    CUSTOMER,
  ]);
  await raw.query(
    `insert into seller_accounts (id, seller_profile_id, name) values ($1, $2, 'EU')`,
    [ACCOUNT, PROFILE],
  );
  const markets = `(values ${MARKETS.map(([c, id], i) => `(${i}, '${c}', '${id}')`).join(", ")}) as m(i, code, id)`;
  await raw.query(
    `insert into products (seller_account_id, marketplace, marketplace_id, sku, asin, title,
       price_micros, currency, quantity, status, brand, category, image_url)
     select $1, m.code, m.id, 'SKU-' || lpad(n::text, 6, '0'), 'B0' || upper(substr(md5(n::text), 1, 8)),
       initcap(substr(md5('t' || n), 1, 6)) || ' ' || (array['garlic press','pepper mill','tea towel','oven glove','salt cellar','knife block'])[1 + n % 6] || ' ' || n,
       (500 + (n * 7919) % 20000) * 10000, 'EUR', null, 'Active',
       'Brand ' || (n % 40), 'Category ' || (n % 25), 'https://example.test/' || n || '.jpg'
     from generate_series(1, ${PRODUCTS}) as n join ${markets} on m.i = n % 4`,
    [ACCOUNT],
  );
  // Own fields: the trigger made one row per product; a third get a cost.
  await raw.query(
    `update product_details d set cost_micros = p.price_micros * 4 / 10, cost_currency = 'EUR',
       cost_valid_from = '2026-01-01', lifecycle = (array['launch','growth','profit','clearance'])[1 + abs(hashtext(p.sku)) % 4]
     from products p where p.id = d.product_id and abs(hashtext(p.sku)) % 3 = 0`,
  );
  await raw.query(
    `insert into product_stock (seller_account_id, marketplace_id, sku, asin, fulfillable, inbound,
       reserved, unfulfillable, units_sold_30d, days_of_cover)
     select seller_account_id, marketplace_id, sku, asin, abs(hashtext(sku)) % 300, 0, 0, 0,
       abs(hashtext('u' || sku)) % 90,
       case when abs(hashtext('u' || sku)) % 90 > 0
         then (abs(hashtext(sku)) % 300) / ((abs(hashtext('u' || sku)) % 90) / 30.0) end
     from products`,
  );
  await raw.query(
    `insert into tags (id, seller_profile_id, text)
     select case when n = 1 then $2::uuid else gen_random_uuid() end, $1, 'tag ' || n
     from generate_series(1, 20) as n`,
    [PROFILE, TAG],
  );
  await raw.query(
    `insert into product_tags (product_id, tag_id)
     select p.id, t.id from products p
     join (select id, row_number() over (order by text) - 1 as i from tags) t
       on t.i = abs(hashtext(p.sku)) % 20
     where abs(hashtext('tag' || p.sku)) % 10 < 3`,
  );
  for (const [i, [code]] of MARKETS.entries()) {
    await raw.query(
      `insert into advertising_profiles (seller_profile_id, amazon_profile_id, country_code, currency, timezone)
       values ($1, $2, $3, 'EUR', 'Europe/Berlin')`,
      [PROFILE, String(9_000_000 + i), code],
    );
  }
  await raw.query(
    `insert into product_ads (advertising_profile_id, amazon_ad_id, amazon_campaign_id, amazon_ad_group_id, sku, asin, state)
     select ap.id, 'AD' || p.sku, '1', '1', p.sku, p.asin, 'ENABLED'
     from products p join advertising_profiles ap on ap.country_code = p.marketplace
     where substr(p.sku, 5)::int <= ${ADVERTISED}`,
  );
  await raw.query(
    `insert into ad_performance_daily (advertising_profile_id, entity_type, amazon_id, date,
       amazon_campaign_id, amazon_ad_group_id, impressions, clicks, cost_micros, orders, units, sales_micros)
     select pa.advertising_profile_id, 'product_ad', pa.amazon_ad_id, d::date, '1', '1',
       100, 5, (abs(hashtext(pa.sku || d::text)) % 500) * 10000, 1, 1,
       (abs(hashtext('s' || pa.sku || d::text)) % 3000) * 10000
     from product_ads pa, generate_series('2026-10-01'::date, '2026-10-30'::date, '1 day') as d`,
  );
  await raw.query("vacuum analyze");
  const facts = await raw.query("select count(*)::int as n from ad_performance_daily");
  console.log(
    `seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (${facts.rows[0].n.toLocaleString("en")} ad facts over ${DAYS} days)`,
  );

  const tokens = createTokenService({ secret: "b".repeat(40), db: connection.db });
  const { token } = await tokens.issue({
    id: crypto.randomUUID(),
    customerId: CUSTOMER,
    roles: ["ROLE_USER"],
  });
  if (process.env.NO_TRGM === "1") await raw.query("drop index if exists products_search_trgm");
  const trgm = await raw.query("select 1 from pg_indexes where indexname = 'products_search_trgm'");
  console.log(`trigram search index: ${trgm.rowCount ? "present" : "absent"}`);
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
  const base = `/api/catalogue/products?sellerProfile=${PROFILE}&itemsPerPage=50`;
  const range = "from=2026-10-01&to=2026-10-30";

  const scenarios = [
    ["default: order by title, page 1, 30-day ad metrics", `${range}&order[title]=asc`],
    ["text search 'pepper' + order[price]=desc", `${range}&search=pepper&order[price]=desc`],
    ["text search SKU fragment '04217' (selective)", `${range}&search=04217`],
    [
      "marketplace DE + price 50–150 + order[margin]=desc, page 20",
      `${range}&marketplace=DE&price[gte]=50&price[lte]=150&order[margin]=desc&page=20`,
    ],
    [
      "stock low cover + has cost + order[daysOfCover]=asc",
      `${range}&stock=low_cover&hasCost=true&order[daysOfCover]=asc`,
    ],
    ["tag + order[spend]=desc (ad metrics sort)", `${range}&tag=${TAG}&order[spend]=desc`],
    ["brand + order[acos]=desc, page 3", `${range}&brand=Brand%207&order[acos]=desc&page=3`],
    ["no date range: category + order[stock]=asc", `category=Category%203&order[stock]=asc`],
  ] as const;

  const baseline = await measureLatency(iterations, () =>
    raw.query(
      `select p.* from products p join seller_accounts sa on sa.id = p.seller_account_id
       where sa.seller_profile_id = $1 order by lower(p.title), p.id limit 50`,
      [PROFILE],
    ),
  );
  console.log(
    `\n${iterations} requests each after 5 warm-up; latency in ms. Baseline: the plain SQL page of the listings by title, p50 ${baseline.p50.toFixed(1)} / p95 ${baseline.p95.toFixed(1)}\n`,
  );
  console.log(
    "scenario".padEnd(62),
    "rows".padStart(7),
    "  p50".padEnd(9),
    "p95".padEnd(9),
    "p95 / baseline p95",
  );
  for (const [label, query] of scenarios) {
    let total = 0;
    const result = await measureLatency(iterations, async () => {
      const response = await fetch(`${address}${base}&${query}`, { headers });
      if (response.status !== 200)
        throw new Error(`${label}: ${response.status} ${await response.text()}`);
      const body = (await response.json()) as { "hydra:totalItems": number };
      total = body["hydra:totalItems"];
    });
    if (total === 0) throw new Error(`${label}: no rows, the scenario measures nothing`);
    console.log(
      label.padEnd(62),
      String(total).padStart(7),
      ` ${result.p50.toFixed(1)}`.padEnd(9),
      result.p95.toFixed(1).padEnd(9),
      `${(result.p95 / baseline.p95).toFixed(1)}x`,
    );
  }
  await app.close();
} finally {
  await raw.end();
  await connection.close();
  await throwaway.drop();
}
