// Report ingestion and entity sync throughput (issue 5).
//   1. 1,000,000 daily report rows (parsed Ads report rows) ingested the way the sync engine does it
//      (map → chunked idempotent upsert), next to PostgreSQL COPY of the same rows into the same table.
//   2. The same rows again (the daily re-fetch of restated days: the upsert finds nothing changed).
//   3. Entity sync: the sandbox demo seller's campaigns, ad groups, keywords, targets, negatives and
//      product ads, listed from the in-process sandbox over HTTP and upserted.
// Usage: DATABASE_URL=postgres://… node scripts/bench/report-ingest.ts [rows]
// Works in a throw-away database created next to DATABASE_URL's and dropped at the end.
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createAmazon } from "@starport/amazon";
import { createSandbox, DEMO_CLIENT } from "@starport/amazon-sandbox";
import { migrateDatabase, openDatabase, schema } from "@starport/db";
import { createThrowawayDatabase } from "@starport/db/testing";
import {
  createSyncEngine,
  createTokenCipher,
  PERFORMANCE_UPSERT,
  REPORT_SPECS,
  saveConnection,
  upsertRows,
} from "@starport/sync";
import { from as copyFrom } from "pg-copy-streams";

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl?.startsWith("postgres")) {
  console.error("DATABASE_URL (a PostgreSQL URL) is required");
  process.exit(2);
}
const total = Number(process.argv[2] ?? 1_000_000);
const chunk = Number(process.env.CHUNK ?? 5_000);

const throwaway = await createThrowawayDatabase(adminUrl, "starport_bench");
const opened = await openDatabase({ databaseUrl: throwaway.url });
if (opened.kind !== "postgres") throw new Error("a PostgreSQL connection was expected");
const connection = opened;

function fmt(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

try {
  await migrateDatabase(connection);
  const db = connection.db;
  const [customer] = await db.insert(schema.customers).values({ name: "Bench" }).returning();
  const [seller] = await db
    .insert(schema.sellerProfiles)
    .values({ customerId: customer?.id as string, name: "Bench" })
    .returning();
  const [profile] = await db
    .insert(schema.advertisingProfiles)
    .values({
      sellerProfileId: seller?.id as string,
      amazonProfileId: "1000000001",
      countryCode: "DE",
      currency: "EUR",
      timezone: "Europe/Berlin",
    })
    .returning();
  const profileId = profile?.id as string;
  const found = REPORT_SPECS.find((r) => r.name === "targeting");
  if (!found) throw new Error("no targeting report");
  const targeting = found;

  // Parsed spTargeting rows: 5,000 keywords × 200 days per 1,000,000.
  const days = 200;
  const start = Date.UTC(2026, 0, 1);
  function reportRow(i: number) {
    const keyword = Math.floor(i / days);
    const day = i % days;
    const clicks = (i * 7) % 13;
    return {
      date: new Date(start + day * 86_400_000).toISOString().slice(0, 10),
      campaignId: 300000000 + Math.floor(keyword / 100),
      adGroupId: 400000000 + Math.floor(keyword / 20),
      keywordId: 500000000 + keyword,
      keywordType: "EXACT",
      impressions: clicks * 31 + (i % 17),
      clicks,
      cost: Math.round(clicks * 0.47 * 100) / 100,
      purchases7d: clicks > 9 ? 1 : 0,
      unitsSoldClicks7d: clicks > 9 ? 1 : 0,
      sales7d: clicks > 9 ? 24.99 : 0,
    };
  }

  async function ingest(): Promise<{ ms: number; changed: number }> {
    const t0 = performance.now();
    let changed = 0;
    for (let from = 0; from < total; from += chunk) {
      const rows: Record<string, unknown>[] = [];
      for (let i = from; i < Math.min(total, from + chunk); i++) {
        const row = targeting?.toRow(reportRow(i), profileId);
        if (row) rows.push(row);
      }
      changed += await upsertRows(db, PERFORMANCE_UPSERT, rows);
    }
    return { ms: performance.now() - t0, changed };
  }

  const first = await ingest();
  const again = await ingest();
  const cols = Object.keys(PERFORMANCE_UPSERT.columns);
  const { n } = (await connection.pool.query("select count(*)::int as n from ad_performance_daily"))
    .rows[0] as { n: number };
  if (n !== total) throw new Error(`expected ${total} rows, found ${n}`);

  await connection.pool.query("truncate ad_performance_daily");
  const client = await connection.pool.connect();
  const c0 = performance.now();
  try {
    const copy = client.query(
      copyFrom(`copy ad_performance_daily (${cols.join(", ")}) from stdin with (format csv)`),
    );
    async function* csv() {
      let buffer = "";
      for (let i = 0; i < total; i++) {
        const row = targeting.toRow(reportRow(i), profileId) as Record<string, unknown>;
        buffer += `${cols.map((c) => (row[c] === null ? "" : String(row[c]))).join(",")}\n`;
        if (buffer.length > 1 << 20) {
          yield buffer;
          buffer = "";
        }
      }
      if (buffer) yield buffer;
    }
    await pipeline(Readable.from(csv()), copy);
  } finally {
    client.release();
  }
  const copyMs = performance.now() - c0;

  // Entity sync throughput against the sandbox demo seller (HTTP, paging, upserts).
  const sandbox = createSandbox({ seed: 42 });
  const base = await sandbox.app.listen({ port: 0, host: "127.0.0.1" });
  sandbox.state.baseUrl = base;
  sandbox.control.seedDemoAccount({ days: 1 });
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
  const [seller2] = await db
    .insert(schema.sellerProfiles)
    .values({ customerId: customer?.id as string, name: "Entities" })
    .returning();
  const sellerProfileId = seller2?.id as string;
  await saveConnection(db, cipher, {
    sellerProfileId,
    api: "ads",
    region: "EU",
    refreshToken: sandbox.control.issueRefreshToken({ sellerId: "A3SANDBOXDEMO01", api: "ads" }),
  });
  const engine = createSyncEngine({ db, amazon, cipher, today: () => sandbox.control.today() });
  const profilesRun = await engine.requestSync(sellerProfileId, "profiles");
  await engine.runSync(profilesRun.id);
  const e0 = performance.now();
  const entitiesRun = await engine.requestSync(sellerProfileId, "entities");
  const status = await engine.runSync(entitiesRun.id);
  const entityMs = performance.now() - e0;
  const [done] = (
    await connection.pool.query("select rows_written from sync_runs where id = $1", [
      entitiesRun.id,
    ])
  ).rows as { rows_written: string }[];
  const entities = Number(done?.rows_written ?? 0);
  const e1 = performance.now();
  const rerun = await engine.requestSync(sellerProfileId, "entities");
  await engine.runSync(rerun.id);
  const rerunMs = performance.now() - e1;
  await sandbox.app.close();

  const ours = total / (first.ms / 1000);
  const copyRate = total / (copyMs / 1000);
  console.log(`\nReport ingestion, ${fmt(total)} daily rows (PostgreSQL, ${cols.length} columns)`);
  console.log(
    `  Starport upsert (chunks of ${fmt(chunk)}): ${fmt(ours)} rows/s  (${(first.ms / 1000).toFixed(1)} s)`,
  );
  console.log(
    `  PostgreSQL COPY (same rows, same table):  ${fmt(copyRate)} rows/s  (${(copyMs / 1000).toFixed(1)} s)`,
  );
  console.log(`  ratio upsert / COPY:                      ${(ours / copyRate).toFixed(2)}`);
  console.log(
    `  re-ingest unchanged rows (daily restate): ${fmt(total / (again.ms / 1000))} rows/s, ${fmt(again.changed)} rows changed`,
  );
  console.log(`\nEntity sync (sandbox demo seller over HTTP, ${status})`);
  console.log(
    `  first sync: ${fmt(entities)} entities in ${(entityMs / 1000).toFixed(1)} s = ${fmt(entities / (entityMs / 1000))} entities/s`,
  );
  console.log(`  second sync (nothing changed): ${(rerunMs / 1000).toFixed(1)} s`);
} finally {
  // Dropping the database ends connections still open; they are done with.
  if (connection.kind === "postgres") connection.pool.on("error", () => {});
  await connection.close();
  await throwaway.drop();
}
