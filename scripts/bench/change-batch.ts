// A batch of 5,000 bid changes end to end against the Amazon sandbox (issue 10, closing note).
//   1. The sandbox's demo seller gets 5,000 extra keywords (created through the Ads API), and
//      Starport syncs them.
//   2. Timed: POST /api/bulk_changes (every keyword matching the collection's query, as the
//      Hangar's "all rows matching the filter" sends it) → POST /api/change_batches/{id}/push →
//      the apply job (chunks of 1,000 calls to the sandbox, 207 per row) → the per-row results
//      read as the UI reads them (GET /api/changes?batch=…, 1,000 per page).
//   Prints each phase, the total and the per-row outcome counts; optionally with injected faults.
// Usage: node scripts/bench/change-batch.ts [--rows 5000] [--faults 0.2] [--reject 10]
//        [DATABASE_URL=postgres://… for PostgreSQL (a throw-away database); else embedded PGlite]
// Not a test: run by hand.
import { parseArgs } from "node:util";
import { createAmazon } from "@starport/amazon";
import { createSandbox, DEMO_CLIENT } from "@starport/amazon-sandbox";
import { createTokenService } from "@starport/api/auth";
import { migrateDatabase, openDatabase, schema } from "@starport/db";
import { createThrowawayDatabase } from "@starport/db/testing";
import { createSyncEngine, createTokenCipher, saveConnection } from "@starport/sync";
import { fastify } from "fastify";
import { applyBatch } from "../../apps/api/src/changes/apply-batch.ts";
import { apiPlugin } from "../../apps/api/src/index.ts";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: "5000" },
    faults: { type: "string", default: "0" },
    reject: { type: "string", default: "0" },
  },
});
const rows = Number(args.rows);
const faultRate = Number(args.faults);
const rejectCount = Number(args.reject);
const SELLER = "A3SANDBOXDEMO01";
const ms = (start: number) => `${Math.round(performance.now() - start).toLocaleString("en-US")} ms`;

const sandbox = createSandbox({ seed: 5, productsPerMarketplace: 8, reportPollsUntilReady: 1 });
const sandboxUrl = await sandbox.app.listen({ port: 0, host: "127.0.0.1" });
sandbox.state.baseUrl = sandboxUrl;
sandbox.control.seedDemoAccount({ countries: ["DE"], days: 2, maxProducts: 4 });

const throwaway = process.env.DATABASE_URL?.startsWith("postgres")
  ? await createThrowawayDatabase(process.env.DATABASE_URL, "starport_bench")
  : undefined;
const connection = await openDatabase(
  throwaway ? { databaseUrl: throwaway.url } : { dataDir: "memory://" },
);
try {
  await migrateDatabase(connection);
  const db = connection.db;
  const cipher = createTokenCipher("bench-key-0123456789abcdef0123456789abcdef");
  const regional = { NA: `${sandboxUrl}/na`, EU: `${sandboxUrl}/eu`, FE: `${sandboxUrl}/fe` };
  const amazon = createAmazon({
    clientId: DEMO_CLIENT.clientId,
    clientSecret: DEMO_CLIENT.clientSecret,
    endpoints: {
      lwaTokenUrl: `${sandboxUrl}/auth/o2/token`,
      adsConsentUrl: `${sandboxUrl}/ap/oa`,
      spConsentUrl: `${sandboxUrl}/apps/authorize/consent`,
      adsHosts: regional,
      spHosts: regional,
    },
    retry: { baseDelayMs: 20, maxDelayMs: 500, maxAttempts: 5 },
  });
  const [customer] = await db.insert(schema.customers).values({ name: "Bench" }).returning();
  const [user] = await db
    .insert(schema.users)
    .values({ customerId: customer!.id, email: "bench@example.test", name: "Bench" })
    .returning();
  const [seller] = await db
    .insert(schema.sellerProfiles)
    .values({ customerId: customer!.id, name: "Bench" })
    .returning();
  const refreshToken = sandbox.control.issueRefreshToken({ sellerId: SELLER, api: "ads" });
  await saveConnection(db, cipher, {
    sellerProfileId: seller!.id,
    api: "ads",
    region: "EU",
    refreshToken,
  });
  const engine = createSyncEngine({ db, amazon, cipher, today: () => sandbox.control.today() });
  const sync = async (kind: "profiles" | "entities") => {
    const run = await engine.requestSync(seller!.id, kind);
    for (let i = 0; i < 5 && (await engine.runSync(run.id)) === "retrying"; i++);
  };
  await sync("profiles");
  const [profile] = await db.select().from(schema.advertisingProfiles);

  // 5,000 keywords of the demo seller, spread over its manual ad groups, made through the Ads API.
  let setup = performance.now();
  const ads = amazon.ads({ refreshToken, region: "EU" });
  const campaigns = (await ads.campaigns.listAll(profile!.amazonProfileId)).filter(
    (c) => c.targetingType === "MANUAL" && c.state !== "ARCHIVED",
  );
  const adGroups = (await ads.adGroups.listAll(profile!.amazonProfileId)).filter(
    (g) => campaigns.some((c) => c.campaignId === g.campaignId) && g.state !== "ARCHIVED",
  );
  for (let i = 0; i < rows; i += 1000) {
    const items = Array.from({ length: Math.min(1000, rows - i) }, (_, j) => {
      const group = adGroups[(i + j) % adGroups.length]!;
      return {
        campaignId: group.campaignId,
        adGroupId: group.adGroupId,
        keywordText: `bench keyword ${i + j}`,
        matchType: "EXACT",
        state: "ENABLED",
        bid: 0.5,
      };
    });
    const answer = await ads.keywords.create(profile!.amazonProfileId, items as never);
    if (answer.error.length) throw new Error(JSON.stringify(answer.error[0]));
  }
  await sync("entities");
  console.log(`setup: ${rows} keywords created on the sandbox and synced in ${ms(setup)}`);

  const queued: string[] = [];
  const tokens = createTokenService({ secret: "b".repeat(40), db });
  const app = fastify();
  await app.register(
    async (api) =>
      apiPlugin(api, {
        db,
        tokens,
        databaseDriver: connection.kind,
        pingDatabase: async () => {},
        pingJobs: async () => {},
        changes: { enqueue: async (id) => void queued.push(id) },
      }),
    { prefix: "/api" },
  );
  await app.ready();
  const token = (
    await tokens.issue({ id: user!.id, customerId: customer!.id, roles: ["ROLE_USER"] })
  ).token;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/ld+json" };

  if (faultRate > 0)
    sandbox.control.setFaults({
      rate429: faultRate / 2,
      rate5xx: faultRate / 2,
      retryAfterSeconds: 0,
    });
  if (rejectCount > 0)
    sandbox.control.reject(
      [...sandbox.world.entities.keywords.values()]
        .filter((k) => k.keywordText.startsWith("bench keyword"))
        .slice(0, rejectCount)
        .map((k) => k.keywordId),
      "BENCH_REJECTED",
      "Rejected by the benchmark.",
    );

  const start = performance.now();
  setup = performance.now();
  const bulk = await app.inject({
    method: "POST",
    url: "/api/bulk_changes",
    headers,
    payload: {
      entityType: "keywords",
      selection: { query: `search=${encodeURIComponent("bench keyword")}&state=ENABLED` },
      action: { kind: "adjustBid", percent: 10 },
    },
  });
  if (bulk.statusCode !== 200) throw new Error(bulk.body);
  const { batch, created } = bulk.json();
  console.log(`bulk_changes (tray of ${created} changes): ${ms(setup)}`);
  setup = performance.now();
  const pushed = await app.inject({ method: "POST", url: `${batch}/push`, headers, payload: "{}" });
  if (pushed.statusCode !== 202) throw new Error(pushed.body);
  console.log(`push: ${ms(setup)}`);
  setup = performance.now();
  for (const id of queued.splice(0))
    await applyBatch(db, { amazon, cipher }, id, { retryDelayMs: 50 });
  console.log(`apply job (${Math.ceil(created / 1000)} chunks of ≤ 1,000): ${ms(setup)}`);
  setup = performance.now();
  const outcomes = new Map<string, number>();
  for (let page = 1; ; page++) {
    const res = await app.inject({
      url: `/api/changes?batch=${encodeURIComponent(batch)}&itemsPerPage=1000&page=${page}`,
      headers,
    });
    const members = res.json()["hydra:member"] as { status: string }[];
    for (const m of members) outcomes.set(m.status, (outcomes.get(m.status) ?? 0) + 1);
    if (!res.json()["hydra:view"]?.["hydra:next"]) break;
  }
  console.log(`per-row results read (GET /api/changes, 1,000 per page): ${ms(setup)}`);
  console.log(`end to end: ${ms(start)}`);
  const summary = (await app.inject({ url: batch, headers })).json();
  console.log(
    `batch ${summary.status}: total ${summary.total}, applied ${summary.applied}, failed ${summary.failed}, pending ${summary.pending}; rows by status ${JSON.stringify(Object.fromEntries(outcomes))}` +
      (faultRate > 0 ? `; injected faults ${faultRate * 100} %` : ""),
  );
  await app.close();
} finally {
  await connection.close();
  await throwaway?.drop();
  await sandbox.app.close();
}
