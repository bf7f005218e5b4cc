// Effective settings of 100,000 products (issue 12, closing note): the way the API and the
// optimiser do it — the batch repository (loadSettingsContexts: profile, marketplace, collection
// and product settings, memberships of manual and rule collections, a fixed number of queries)
// then the pure resolver per product. Seeds one seller profile with 100,000 listings on 4
// marketplaces, settings on the profile and 3 marketplaces, 12 collections (9 manual with
// ~40,000 memberships, 3 by rules) of which 10 set values, and own values on 5 % of products.
// Prints load, resolve and total time (median of the runs) next to a baseline: the plain query
// of the profile's product ids.
// Usage: DATABASE_URL=postgres://user:pass@host:5432/postgres node scripts/bench/settings-resolve.ts [runs]
// Without DATABASE_URL it runs on the embedded PGlite. The throw-away database is dropped at the end.
import { migrateDatabase, openDatabase } from "@starport/db";
import { createThrowawayDatabase } from "@starport/db/testing";
import { getMarketplace } from "@starport/marketplaces";
import { resolveSettings } from "@starport/settings";
import { sql } from "drizzle-orm";
import { loadSettingsContexts } from "../../apps/api/src/settings/load-settings-contexts.ts";

const runs = Number(process.argv[2] ?? 5);
const PRODUCTS = 100_000;
const CUSTOMER = "00000000-0000-4000-8000-00000000b012";
const PROFILE = "00000000-0000-4000-8000-00000000c012";
const ACCOUNT = "00000000-0000-4000-8000-00000000d012";
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

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

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
    `insert into products (seller_account_id, marketplace, marketplace_id, sku, title, price_micros, currency, status)
     select '${ACCOUNT}', m.code, m.id, 'SKU-' || lpad(n::text, 6, '0'), 'Product ' || n,
       (500 + (n * 7919) % 20000) * 10000, 'EUR', 'Active'
     from generate_series(1, ${PRODUCTS}) as n join ${markets} on m.i = n % 4`,
  );
  await run(
    `update product_details d set lifecycle = (array['launch','growth','profit','clearance'])[1 + abs(hashtext(p.sku)) % 4]
     from products p where p.id = d.product_id and abs(hashtext(p.sku)) % 3 = 0`,
  );
  await run(
    `insert into seller_profile_settings (seller_profile_id, values)
     values ('${PROFILE}', '{"targetAcos": 25, "cooldownDays": 3, "automationMode": "suggest"}')`,
  );
  await run(
    `insert into marketplace_settings (seller_profile_id, marketplace, values) values
     ('${PROFILE}', 'DE', '{"targetAcos": 20}'), ('${PROFILE}', 'FR', '{"minBidMicros": 100000}'),
     ('${PROFILE}', 'IT', '{"cooldownDays": 5}')`,
  );
  await run(
    `insert into product_collections (seller_profile_id, name, membership, rules, priority)
     select '${PROFILE}', 'Manual ' || n, 'manual', '[]'::jsonb, n from generate_series(1, 9) as n`,
  );
  await run(
    `insert into product_collections (seller_profile_id, name, membership, rules, priority) values
     ('${PROFILE}', 'Launch', 'rules', '{"match":"all","conditions":[{"field":"lifecycle","operator":"is","value":"launch"}]}', 10),
     ('${PROFILE}', 'Clearance', 'rules', '{"match":"all","conditions":[{"field":"lifecycle","operator":"is","value":"clearance"}]}', 11),
     ('${PROFILE}', 'Profit', 'rules', '{"match":"all","conditions":[{"field":"lifecycle","operator":"is","value":"profit"}]}', 12)`,
  );
  await run(
    `insert into product_collection_members (collection_id, product_id)
     select c.id, p.id from products p
     join (select id, row_number() over (order by priority) - 1 as i from product_collections where membership = 'manual') c
       on c.i = abs(hashtext(p.sku)) % 9
     where abs(hashtext('member' || p.sku)) % 10 < 4`,
  );
  await run(
    `insert into collection_settings (collection_id, values)
     select id, jsonb_build_object('targetAcos', 10 + priority, 'maxBidMicros', 2000000 + priority * 100000)
     from product_collections where priority <= 10`,
  );
  await run(
    `insert into product_settings (product_id, values)
     select id, '{"targetAcos": 33, "maxBidChangePercent": 10}'::jsonb from products
     where abs(hashtext('own' || sku)) % 20 = 0`,
  );
  await run("analyze");
  console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  const baseline: number[] = [];
  const load: number[] = [];
  const resolve: number[] = [];
  let checksum = 0;
  for (let i = 0; i < runs + 1; i++) {
    let started = performance.now();
    await run(
      `select p.id from products p join seller_accounts sa on sa.id = p.seller_account_id where sa.seller_profile_id = '${PROFILE}'`,
    );
    const baselineMs = performance.now() - started;
    started = performance.now();
    const contexts = await loadSettingsContexts(db, PROFILE);
    const loadMs = performance.now() - started;
    started = performance.now();
    checksum = 0;
    for (const product of contexts) {
      const resolved = resolveSettings(product.context);
      checksum += resolved.effectiveTargetAcos ?? 0;
    }
    const resolveMs = performance.now() - started;
    if (contexts.length !== PRODUCTS) throw new Error(`resolved ${contexts.length} products`);
    if (i === 0) continue; // warm-up
    baseline.push(baselineMs);
    load.push(loadMs);
    resolve.push(resolveMs);
  }
  const total = load.map((ms, i) => ms + (resolve[i] ?? 0));
  console.log(
    `products resolved: ${PRODUCTS.toLocaleString("en")} (checksum of targets ${checksum.toFixed(0)})`,
  );
  console.log(`baseline (product ids only): ${median(baseline).toFixed(0)} ms`);
  console.log(`load (batch queries):        ${median(load).toFixed(0)} ms`);
  console.log(`resolve (pure, all values):  ${median(resolve).toFixed(0)} ms`);
  console.log(
    `total: ${median(total).toFixed(0)} ms, ${(median(total) / median(baseline)).toFixed(1)}× the baseline (median of ${runs} runs)`,
  );
} finally {
  await connection.close();
  await throwaway?.drop();
}
