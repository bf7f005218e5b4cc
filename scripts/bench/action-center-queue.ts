// Issue 21 (closing note): the action center's queue reads at 50,000 open recommendations of one
// seller profile on PostgreSQL (beside 50,000 of other customers), through the API in-process
// (app.inject), p50/p95 over N iterations next to a baseline (a trivial authenticated read):
//   first page: GET /api/recommendations?sellerProfile&status[]=open&status[]=snoozed&order[impact]=desc&itemsPerPage=50
//   filtered page: the same with kind=bid and one marketplace's advertising profile
//   the view's old read: the 1,000 highest-impact open ones the header's counts per kind/marketplace
//     and total impact were computed from (before: counts of the first 1,000 only)
//   the web's reads now (apps/web/app/routes/action-center/queue.server.ts): the page it shows
//     (queue=open, ranked by impact then newest) and the header's summary, every match counted
//     and summed per kind and marketplace (GET /api/recommendation_summaries), also filtered
// Usage: DATABASE_URL=postgres://user:pass@host:5432/postgres node scripts/bench/action-center-queue.ts [iterations]
// EXPLAIN=1 prints the plans of the first page's queries. WITHOUT_QUEUE_INDEX=1 drops the
// queue's index (migration 0028) first: the figures before it, for comparison. Works in a throw-away database created
// next to DATABASE_URL's and dropped at the end. Not a test: run by hand.
import { apiPlugin } from "@starport/api";
import { createTokenService } from "@starport/api/auth";
import { migrateDatabase, openDatabase } from "@starport/db";
import { createThrowawayDatabase } from "@starport/db/testing";
import { fastify } from "fastify";
import pg from "pg";
import { measureLatency } from "./support/latency.ts";

const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl?.startsWith("postgres")) {
  console.error("DATABASE_URL (a PostgreSQL URL) is required");
  process.exit(64);
}
const iterations = Number(process.argv[2] ?? 100);
const OPEN = Number(process.env.RECOMMENDATIONS ?? 50_000);
const CUSTOMER = "00000000-0000-4000-8000-00000000e001";
const OTHER = "00000000-0000-4000-8000-00000000e002";
const SELLER = "00000000-0000-4000-8000-00000000e101";
const OTHER_SELLER = "00000000-0000-4000-8000-00000000e102";
const USER = "00000000-0000-4000-8000-00000000e301";
const RUN = "00000000-0000-4000-8000-00000000e401";
const OTHER_RUN = "00000000-0000-4000-8000-00000000e402";
const MARKETPLACES = ["DE", "FR", "IT", "ES", "GB"];
const profileId = (i: number) => `00000000-0000-4000-8000-0000000e02${String(i).padStart(2, "0")}`;

const throwaway = await createThrowawayDatabase(adminUrl, "starport_bench");
const connection = await openDatabase({ databaseUrl: throwaway.url });
const raw = new pg.Pool({ connectionString: throwaway.url, max: 2 });
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** One seller profile with OPEN open recommendations over 5 marketplaces; another customer's as many. */
async function seed() {
  const started = performance.now();
  await raw.query(`insert into customers (id, name) values ($1, 'Bench'), ($2, 'Other')`, [
    CUSTOMER,
    OTHER,
  ]);
  await raw.query(
    `insert into users (id, customer_id, email, name) values ($1, $2, 'bench@example.test', 'Bench')`,
    [USER, CUSTOMER],
  );
  await raw.query(
    `insert into seller_profiles (id, customer_id, name) values ($1, $2, 'Bench'), ($3, $4, 'Other')`,
    [SELLER, CUSTOMER, OTHER_SELLER, OTHER],
  );
  for (const [i, code] of MARKETPLACES.entries())
    for (const [j, seller] of [SELLER, OTHER_SELLER].entries())
      await raw.query(
        `insert into advertising_profiles (id, seller_profile_id, amazon_profile_id, country_code, currency, timezone)
         values ($1, $2, $3, $4, 'EUR', 'Europe/Berlin')`,
        [profileId(i + j * 10), seller, String(i + j * 10), code],
      );
  await raw.query(
    `insert into optimiser_runs (id, seller_profile_id, run_date, status) values
     ($1, $2, '2026-11-01', 'succeeded'), ($3, $4, '2026-11-01', 'succeeded')`,
    [RUN, SELLER, OTHER_RUN, OTHER_SELLER],
  );
  for (const [j, [seller, run]] of [
    [SELLER, RUN],
    [OTHER_SELLER, OTHER_RUN],
  ].entries())
    await raw.query(
      `insert into recommendations (run_id, seller_profile_id, advertising_profile_id, kind, entity_type,
         entity_id, subject, current_value, proposed_value, reason_code, reason_params, impact, impact_low,
         impact_high, status, created_at)
       select $1, $2, ('00000000-0000-4000-8000-0000000e02' || lpad(((n % 5) + $3)::text, 2, '0'))::uuid,
         (array['bid','bid','bid','keyword','negative','budget'])[1 + n % 6], 'keywords', gen_random_uuid(), '',
         '0.5'::jsonb, '0.6'::jsonb, 'bidDiscovery', jsonb_build_object('entityLabel', 'keyword ' || n),
         case when n % 20 = 0 then null else (random() * 200 - 20) end, 0, 0,
         -- Some decided and snoozed ones beside the open ones, as after weeks of use.
         case when n % 10 = 0 then 'rejected' when n % 25 = 0 then 'snoozed' else 'open' end,
         now() - (n % 1000) * interval '1 minute'
       from generate_series(1, $4::int) as n`,
      [run, seller, j * 10, Math.round(OPEN * 1.15)],
    );
  await raw.query("vacuum analyze");
  const { rows } = await raw.query(
    `select count(*)::int as n from recommendations where seller_profile_id = $1 and status = 'open'`,
    [SELLER],
  );
  console.log(
    `seeded ${rows[0].n.toLocaleString("en")} open recommendations of the profile in ${seconds(started)}`,
  );
}

try {
  await migrateDatabase(connection);
  if (process.env.WITHOUT_QUEUE_INDEX === "1") await raw.query("drop index recommendations_queue");
  await seed();
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
  await app.ready();
  const headers = { authorization: `Bearer ${token}`, accept: "application/ld+json" };
  const open = `sellerProfile=${SELLER}&status[]=open&status[]=snoozed&order[impact]=desc`;
  const queue = `sellerProfile=${SELLER}&queue=open`;
  const scenarios = [
    { label: "baseline: GET /api/seller_profiles/{id}", url: `/api/seller_profiles/${SELLER}` },
    { label: "first page by impact (50)", url: `/api/recommendations?${open}&itemsPerPage=50` },
    {
      label: "filtered page (bid, DE) by impact (50)",
      url: `/api/recommendations?${open}&kind=bid&profile=${profileId(0)}&itemsPerPage=50`,
    },
    {
      label: "before, header's read: top 1,000 by impact",
      url: `/api/recommendations?${open}&itemsPerPage=1000`,
    },
    {
      label: "now, the page shown (queue=open, 50)",
      url: `/api/recommendations?${queue}&order[impact]=desc&order[createdAt]=desc&page=1&itemsPerPage=50`,
    },
    {
      label: "now, the page shown (bid, DE, page 3)",
      url: `/api/recommendations?${queue}&kind=bid&marketplace=DE&order[impact]=desc&order[createdAt]=desc&page=3&itemsPerPage=50`,
    },
    {
      label: "now, header's summary (all 50,000 open)",
      url: `/api/recommendation_summaries?${queue}&pagination=false`,
    },
    {
      label: "now, header's summary (kind=bid)",
      url: `/api/recommendation_summaries?${queue}&kind=bid&pagination=false`,
    },
  ];
  console.log(`\n${iterations} requests each after 5 warm-up (app.inject); latency in ms\n`);
  console.log("scenario".padEnd(42), "p50".padStart(9), "p95".padStart(9), "  p95 / baseline");
  let baseline = 0;
  for (const scenario of scenarios) {
    const check = await app.inject({ url: scenario.url, headers });
    if (check.statusCode !== 200)
      throw new Error(`${scenario.url}: ${check.statusCode} ${check.body.slice(0, 300)}`);
    const figures = await measureLatency(iterations, () =>
      app.inject({ url: scenario.url, headers }),
    );
    if (!baseline) baseline = figures.p95;
    console.log(
      scenario.label.padEnd(42),
      figures.p50.toFixed(2).padStart(9),
      figures.p95.toFixed(2).padStart(9),
      `  ${(figures.p95 / baseline).toFixed(1)}×`,
    );
  }
  if (process.env.EXPLAIN) {
    const scope = `r.seller_profile_id in (select id from seller_profiles where customer_id = $1) and r.seller_profile_id = $2 and r.status in ('open','snoozed')`;
    const due = `${scope} and (r.status = 'open' or r.snoozed_until is null or r.snoozed_until <= current_date)`;
    for (const sql of [
      `select r.* from recommendations r where ${scope} order by r.impact desc nulls last, r.id limit 50`,
      `select count(*) from recommendations r where ${scope}`,
      // The queue's open tab now (a snoozed one back on its day), its page, count and summary.
      `select r.* from recommendations r where ${due} order by r.impact desc nulls last, r.created_at desc, r.id limit 50`,
      `select count(*) from recommendations r where ${due}`,
      `select g.kind, ap.country_code, ap.currency, g.n, g.impact
       from (select r.kind, r.advertising_profile_id, count(*) as n, sum(r.impact) as impact
             from recommendations r where ${due} group by 1, 2) g
       join advertising_profiles ap on ap.id = g.advertising_profile_id`,
    ]) {
      const plan = await raw.query(`explain analyze ${sql}`, [CUSTOMER, SELLER]);
      console.log(`\n${sql}`);
      for (const row of plan.rows) console.log("   ", row["QUERY PLAN"]);
    }
  }
  await app.close();
} finally {
  await raw.end();
  await connection.close();
  await throwaway.drop();
}
