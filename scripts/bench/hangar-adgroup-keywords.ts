// Hangar speed goal 1 (issue 9): an ad group's keywords (up to 1,000) with metrics over 90 days,
// sorted by ACoS — API p95 on PGlite with the demo data.
//   The demo data is made the way `npm start` makes it: the sandbox's demo seller (seed 42, 90
//   days) synced into an embedded PGlite database. Then one ad group of that profile gets 1,000
//   keywords with 90 days of facts each (the issue's upper bound; the demo's own ad groups are
//   small). Each request: GET /api/keywords?adGroup=…&from&to&order[acos]=desc&itemsPerPage=1000
//   over real HTTP; next to it, in the same process, the same list without metrics (baseline).
// Usage: node scripts/bench/hangar-adgroup-keywords.ts [iterations] [--profile <file.cpuprofile>]
import { randomBytes } from "node:crypto";
import { createAmazon } from "@starport/amazon";
import { createSandbox, DEMO_CLIENT } from "@starport/amazon-sandbox";
import { apiPlugin } from "@starport/api";
import { createTokenService } from "@starport/api/auth";
import { DEMO_SELLER_IDS, migrateDatabase, openDatabase, seedDemoData } from "@starport/db";
import { createSyncEngine, createTokenCipher, saveConnection } from "@starport/sync";
import { sql } from "drizzle-orm";
import { fastify } from "fastify";
import { profileFileFromArgs, withCpuProfile } from "./support/cpu-profile.ts";
import { measureLatency } from "./support/latency.ts";

const iterations = Number(/^\d+$/.test(process.argv[2] ?? "") ? process.argv[2] : 200);
const DAYS = 90;

const sandbox = createSandbox({ seed: 42 });
const base = await sandbox.app.listen({ port: 0, host: "127.0.0.1" });
sandbox.state.baseUrl = base;
const demo = sandbox.control.seedDemoAccount({ days: DAYS });
const connection = await openDatabase({ dataDir: "memory://" });
await migrateDatabase(connection);
const db = connection.db;
await seedDemoData(db);
const regional = { NA: `${base}/na`, EU: `${base}/eu`, FE: `${base}/fe` };
const amazon = createAmazon({
  clientId: DEMO_CLIENT.clientId,
  clientSecret: DEMO_CLIENT.clientSecret,
  endpoints: {
    lwaTokenUrl: `${base}/auth/o2/token`,
    adsConsentUrl: `${base}/ap/oa`,
    spConsentUrl: `${base}/apps/authorize/consent`,
    adsHosts: regional,
    spHosts: regional,
  },
  rateLimits: { "ads.list": null },
});
const cipher = createTokenCipher(randomBytes(32).toString("hex"));
await saveConnection(db, cipher, {
  sellerProfileId: DEMO_SELLER_IDS.sellerProfile,
  api: "ads",
  region: "EU",
  refreshToken: sandbox.control.issueRefreshToken({ sellerId: "A3SANDBOXDEMO01", api: "ads" }),
});
const engine = createSyncEngine({
  db,
  amazon,
  cipher,
  poll: { initialIntervalMs: 5, maxIntervalMs: 50 },
  today: () => sandbox.control.today(),
  initialReportDays: DAYS,
});
const syncStarted = performance.now();
const status = await engine.runInline(DEMO_SELLER_IDS.sellerProfile, "initial");
const rows = async (query: string) =>
  ((await db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;
const [counts] = await rows(
  `select (select count(*) from campaigns)::int as campaigns, (select count(*) from keywords)::int as keywords,
     (select count(*) from ad_performance_daily)::int as facts`,
);
console.log(
  `demo: sandbox ${demo.campaigns} campaigns, ${DAYS} days; sync ${status} in ${((performance.now() - syncStarted) / 1000).toFixed(1)} s:`,
  counts,
);

// The largest demo ad group, and one ad group grown to 1,000 keywords × 90 days of facts.
const [largest] = await rows(
  `select ad_group_id::text as id, count(*)::int as n from keywords group by 1 order by 2 desc limit 1`,
);
const [target] = await rows(
  `select g.id::text as id, g.advertising_profile_id::text as profile, g.amazon_ad_group_id, g.amazon_campaign_id, g.campaign_id::text as campaign
   from ad_groups g where g.id <> '${largest!.id}' order by g.name limit 1`,
);
const [range] = await rows(
  `select min(date)::text as "from", max(date)::text as "to" from ad_performance_daily`,
);
const existing = Number(
  (await rows(`select count(*)::int as n from keywords where ad_group_id = '${target!.id}'`))[0]!.n,
);
await db.execute(
  sql.raw(`insert into keywords (advertising_profile_id, amazon_keyword_id, amazon_campaign_id, amazon_ad_group_id,
      campaign_id, ad_group_id, keyword_text, match_type, state, bid_micros)
    select '${target!.profile}', 'bench-' || n, '${target!.amazon_campaign_id}', '${target!.amazon_ad_group_id}',
      '${target!.campaign}', '${target!.id}', 'bench keyword ' || n, 'EXACT', 'ENABLED', 500000
    from generate_series(1, ${1000 - existing}) n`),
);
await db.execute(
  sql.raw(`insert into ad_performance_daily (advertising_profile_id, entity_type, amazon_id, date,
      amazon_campaign_id, amazon_ad_group_id, impressions, clicks, cost_micros, orders, units, sales_micros)
    select '${target!.profile}', 'keyword', 'bench-' || n, d::date, '${target!.amazon_campaign_id}', '${target!.amazon_ad_group_id}',
      100 + (n * 7 + extract(doy from d)::int) % 400, (n + extract(doy from d)::int) % 13,
      ((n * 31 + extract(doy from d)::int) % 9000) * 1000, (n + extract(doy from d)::int) % 3,
      (n + extract(doy from d)::int) % 4, ((n * 17 + extract(doy from d)::int) % 5) * 19990000
    from generate_series(1, ${1000 - existing}) n,
      generate_series('${range!.from}'::date, '${range!.to}'::date, interval '1 day') d`),
);
await db.execute(sql`analyze`);

const tokens = createTokenService({ secret: "b".repeat(40), db });
const [user] = await rows(
  `select id::text, customer_id::text from users where email = 'demo@starport.dev'`,
);
const { token } = await tokens.issue({
  id: String(user!.id),
  customerId: String(user!.customer_id),
  roles: ["ROLE_USER"],
});
const app = fastify({ logger: false });
await app.register(
  async (api) =>
    apiPlugin(api, {
      db,
      tokens,
      databaseDriver: "pglite",
      pingDatabase: async () => {},
      pingJobs: async () => {},
    }),
  { prefix: "/api" },
);
const address = await app.listen({ port: 0, host: "127.0.0.1" });
const headers = { authorization: `Bearer ${token}` };
const period = `from=${range!.from}&to=${range!.to}`;

console.log(
  `\n${iterations} requests each after 20 warm-up, ms (period ${range!.from}..${range!.to})`,
);
console.log("scenario".padEnd(64), "p50".padStart(8), "p95".padStart(8));
await withCpuProfile(profileFileFromArgs(), async () => {
  for (const [label, group, size] of [
    ["ad group with 1,000 keywords", target!.id, 1000],
    [`largest demo ad group (${largest!.n} keywords)`, largest!.id, Number(largest!.n)],
  ] as const) {
    for (const [what, query] of [
      ["metrics, order[acos]=desc", `${period}&order[acos]=desc`],
      ["baseline: same list, no metrics", "order[keywordText]=asc"],
    ] as const) {
      const url = `${address}/api/keywords?adGroup=${group}&itemsPerPage=1000&${query}`;
      const check = (await (await fetch(url, { headers })).json()) as {
        "hydra:member": unknown[];
      };
      if (check["hydra:member"].length !== size)
        throw new Error(`expected ${size} keywords, got ${check["hydra:member"].length}`);
      const m = await measureLatency(
        iterations,
        async () => {
          const response = await fetch(url, { headers });
          await response.arrayBuffer();
        },
        20,
      );
      console.log(
        `${label}: ${what}`.padEnd(64),
        m.p50.toFixed(1).padStart(8),
        m.p95.toFixed(1).padStart(8),
      );
    }
  }
});
await app.close();
await sandbox.app.close();
await connection.close();
