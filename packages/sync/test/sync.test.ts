import { schema } from "@starport/db";
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from "@starport/db/testing";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncChecksums } from "../src/checksums.ts";
import { reportWindows } from "../src/engine.ts";
import { rowsOf } from "../src/upsert.ts";
import {
  connectedSeller,
  engineFor,
  runToEnd,
  type SandboxHarness,
  startSandbox,
} from "./support/harness.ts";

let h: SandboxHarness;
type Db = TestDatabase["connection"]["db"];

/** Days (YYYY-MM-DD) from `from` to `to`, both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; ) {
    days.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return days;
}

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Only this seller profile's rows: each test owns its seller, whatever else the database holds. */
const ofSeller = (sellerProfileId: string) =>
  sql`advertising_profile_id in (select id from advertising_profiles where seller_profile_id = ${sellerProfileId})`;

async function totalOrders(db: Db, sellerProfileId: string, before: string): Promise<number> {
  const [row] = rowsOf<{ n: string | number | null }>(
    await db.execute(
      sql`select sum(orders) as n from ad_performance_daily where ${ofSeller(sellerProfileId)} and date < ${before}`,
    ),
  );
  return Number(row?.n ?? 0);
}

/** Per stored day of a daily fact table: how many rows it holds and how many still carry `marked`. */
async function markedDays(
  db: Db,
  table: "ad_performance_daily" | "search_term_daily",
  sellerProfileId: string,
): Promise<{ reread: string[]; untouched: string[]; mixed: string[] }> {
  const rows = rowsOf<{ date: string; n: string | number; marked: string | number }>(
    await db.execute(
      sql`select date::text as date, count(*) as n, count(*) filter (where impressions = ${MARK}) as marked
          from ${sql.identifier(table)} where ${ofSeller(sellerProfileId)} group by date order by date`,
    ),
  );
  const pick = (test: (n: number, marked: number) => boolean) =>
    rows.filter((r) => test(Number(r.n), Number(r.marked))).map((r) => r.date);
  return {
    reread: pick((_, marked) => marked === 0),
    untouched: pick((n, marked) => marked === n),
    mixed: pick((n, marked) => marked > 0 && marked < n),
  };
}
const MARK = -1;

beforeAll(async () => {
  h = await startSandbox({ countries: ["DE", "FR"], days: 7, maxProducts: 4 });
});
afterAll(() => h?.close());

it("splits report history into windows Amazon accepts", () => {
  expect(reportWindows("2026-11-22", 90)).toEqual([
    ["2026-08-24", "2026-09-22"],
    ["2026-09-23", "2026-10-22"],
    ["2026-10-23", "2026-11-21"],
  ]);
  expect(reportWindows("2026-11-22", 14)).toEqual([["2026-11-08", "2026-11-21"]]);
});

describe.each(TEST_DATABASE_KINDS)("sync on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(() => t?.dispose());

  it("imports everything, and a second run changes nothing", async () => {
    const db = t.connection.db;
    const sellerProfileId = await connectedSeller(db, h);
    const engine = engineFor(db, h);
    const run = await engine.requestSync(sellerProfileId, "initial");
    expect(await runToEnd(engine, run.id)).toBe("succeeded");
    const first = await syncChecksums(db, sellerProfileId);

    const truth = h.sandbox.world.entities;
    const profiles = await db
      .select()
      .from(schema.advertisingProfiles)
      .where(eq(schema.advertisingProfiles.sellerProfileId, sellerProfileId));
    expect(profiles.map((p) => p.countryCode).sort()).toEqual(["DE", "FR"]);
    const profileIds = new Set(profiles.map((p) => Number(p.amazonProfileId)));
    const count = (m: Map<string, { profileId: number }>) =>
      [...m.values()].filter((e) => profileIds.has(e.profileId)).length;
    expect(first.campaigns?.rows).toBe(count(truth.campaigns));
    expect(first.ad_groups?.rows).toBe(count(truth.adGroups));
    expect(first.keywords?.rows).toBe(count(truth.keywords));
    expect(first.targets?.rows).toBe(count(truth.targets));
    expect(first.product_ads?.rows).toBe(count(truth.productAds));
    expect(first.ad_performance_daily?.rows).toBeGreaterThan(100);
    expect(first.search_term_daily?.rows).toBeGreaterThan(10);
    expect(first.products?.rows).toBeGreaterThan(0);
    const [account] = await db
      .select()
      .from(schema.sellerAccounts)
      .where(eq(schema.sellerAccounts.sellerProfileId, sellerProfileId));
    expect(account?.sellingPartnerId).toBe("A3SANDBOXDEMO01");
    expect(account?.marketplaceParticipations.map((p) => p.marketplace)).toContain("DE");

    // Campaign facts equal the sum of the keyword and target facts (same auctions).
    const [sums] = rowsOf<{ campaigns: string; targets: string }>(
      await db.execute(
        sql`select sum(case when entity_type = 'campaign' then cost_micros else 0 end) as campaigns,
                   sum(case when entity_type in ('keyword', 'target') then cost_micros else 0 end) as targets
            from ad_performance_daily where ${ofSeller(sellerProfileId)}`,
      ),
    );
    expect(Number(sums?.campaigns)).toBeGreaterThan(0);
    expect(Number(sums?.campaigns)).toBe(Number(sums?.targets));

    // The run left planner statistics behind (PGlite has no autovacuum): without them a product
    // list sorted by spend read every fact once per product ad.
    const analysed = rowsOf<{ relname: string }>(
      await db.execute(
        sql`select relname from pg_stat_user_tables
            where relname in ('ad_performance_daily', 'product_ads', 'keywords', 'products')
              and last_analyze is not null order by relname`,
      ),
    ).map((r) => r.relname);
    expect(analysed).toEqual(["ad_performance_daily", "keywords", "product_ads", "products"]);

    const again = await engine.requestSync(sellerProfileId, "initial");
    expect(again.id).not.toBe(run.id);
    expect(await runToEnd(engine, again.id)).toBe("succeeded");
    const [second] = await db
      .select()
      .from(schema.syncRuns)
      .where(eq(schema.syncRuns.id, again.id));
    expect(second?.rowsWritten).toBe(0);
    expect(second?.stepsDone).toBe(second?.stepsTotal);
    expect(await syncChecksums(db, sellerProfileId)).toEqual(first);
  }, 120_000);

  it("the daily run adds the new day and re-reads exactly the recent ones", async () => {
    // Its own sandbox: the test moves Amazon's clock, which no other test may see.
    const own = await startSandbox({ countries: ["DE"], days: 7, maxProducts: 4 });
    try {
      const db = t.connection.db;
      const sellerProfileId = await connectedSeller(db, own, "Daily GmbH");
      const engine = engineFor(db, own, { initialReportDays: 7, dailyReportDays: 3 });
      const initial = await engine.requestSync(sellerProfileId, "initial");
      expect(await runToEnd(engine, initial.id)).toBe("succeeded");

      const newDay = own.sandbox.control.today();
      const imported = daysBetween(addDays(newDay, -7), addDays(newDay, -1));
      // Every stored fact gets a value Amazon never reports; a day the daily run re-reads
      // gets Amazon's values back, a day it leaves alone keeps the mark.
      for (const table of ["ad_performance_daily", "search_term_daily"] as const) {
        await db.execute(
          sql`update ${sql.identifier(table)} set impressions = ${MARK} where ${ofSeller(sellerProfileId)}`,
        );
        expect((await markedDays(db, table, sellerProfileId)).untouched).toEqual(imported);
      }
      const ordersBefore = await totalOrders(db, sellerProfileId, newDay);

      own.sandbox.control.advance(1);
      expect(await engine.requestDailySyncs()).toBeGreaterThanOrEqual(1);
      const daily = await db
        .select()
        .from(schema.syncRuns)
        .where(
          and(
            eq(schema.syncRuns.sellerProfileId, sellerProfileId),
            eq(schema.syncRuns.kind, "daily"),
          ),
        );
      expect(daily).toHaveLength(1);
      expect(await runToEnd(engine, daily[0]?.id as string)).toBe("succeeded");

      // dailyReportDays = 3 before Amazon's new today: the two last imported days and the new one.
      const reread = daysBetween(addDays(newDay, -2), newDay);
      const untouched = daysBetween(addDays(newDay, -7), addDays(newDay, -3));
      expect(await markedDays(db, "ad_performance_daily", sellerProfileId)).toEqual({
        reread,
        untouched,
        mixed: [],
      });
      const terms = await markedDays(db, "search_term_daily", sellerProfileId);
      expect(terms.mixed).toEqual([]);
      expect(terms.untouched).toEqual(untouched);
      expect(terms.reread).toEqual(reread);
      // Orders of earlier clicks keep arriving (7-day attribution): never fewer than before.
      expect(await totalOrders(db, sellerProfileId, newDay)).toBeGreaterThanOrEqual(ordersBefore);
    } finally {
      await own.close();
    }
  }, 120_000);

  it("marks a connection whose refresh token Amazon no longer takes as failing, with the reason", async () => {
    const db = t.connection.db;
    const since = Date.now();
    const sellerProfileId = await connectedSeller(db, h, "Vergessen GmbH");
    const engine = engineFor(db, h);
    const profiles = await engine.requestSync(sellerProfileId, "profiles");
    expect(await runToEnd(engine, profiles.id)).toBe("succeeded");
    // The seller withdraws the app on Amazon's side (its tokens issued since this test began):
    // entity steps fail with invalid_grant, and the connection must stop saying "connected".
    expect(h.sandbox.state.auth.revokeGrants("A3SANDBOXDEMO01", "ads", since)).toBeGreaterThan(0);
    const entities = await engine.requestSync(sellerProfileId, "entities");
    expect(await runToEnd(engine, entities.id)).toBe("failed");
    const connections = await db
      .select()
      .from(schema.amazonConnections)
      .where(eq(schema.amazonConnections.sellerProfileId, sellerProfileId));
    const ads = connections.find((c) => c.api === "ads");
    expect(ads?.status).toBe("failing");
    expect(ads?.lastError).toMatch(/invalid grant/i);
    expect(connections.find((c) => c.api === "sp")?.status).toBe("connected");
  }, 60_000);

  it("one account's failure does not block another's", async () => {
    const db = t.connection.db;
    const broken = await connectedSeller(db, h, "Broken GmbH", {
      ads: "Atzr|not-a-real-token",
      sp: "Atzr|not-a-real-token",
    });
    const healthy = await connectedSeller(db, h, "Healthy GmbH");
    const engine = engineFor(db, h);
    const [a, b] = await Promise.all([
      engine.requestSync(broken, "profiles"),
      engine.requestSync(healthy, "profiles"),
    ]);
    const [statusA, statusB] = await Promise.all([
      runToEnd(engine, a?.id as string),
      runToEnd(engine, b?.id as string),
    ]);
    expect(statusA).toBe("failed");
    expect(statusB).toBe("succeeded");
    const connections = await db
      .select()
      .from(schema.amazonConnections)
      .where(eq(schema.amazonConnections.sellerProfileId, broken));
    expect(connections.find((c) => c.api === "ads")?.status).toBe("failing");
  }, 60_000);
});
