import { schema } from "@starport/db";
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from "@starport/db/testing";
import { eq, type SQL, sql } from "drizzle-orm";
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

async function totalOrders(db: TestDatabase["connection"]["db"], before?: string): Promise<number> {
  const where: SQL = before ? sql`where date < ${before}` : sql``;
  const [row] = rowsOf<{ n: string | number | null }>(
    await db.execute(sql`select sum(orders) as n from ad_performance_daily ${where}`),
  );
  return Number(row?.n ?? 0);
}
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

  let sellerProfileId: string;

  it("imports everything, and a second run changes nothing", async () => {
    const db = t.connection.db;
    sellerProfileId = await connectedSeller(db, h);
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
    const [sums] = (
      (await db.execute(
        `select sum(case when entity_type = 'campaign' then cost_micros else 0 end) as campaigns,
                sum(case when entity_type in ('keyword', 'target') then cost_micros else 0 end) as targets
         from ad_performance_daily`,
      )) as unknown as { rows: { campaigns: string; targets: string }[] }
    ).rows;
    expect(Number(sums?.campaigns)).toBeGreaterThan(0);
    expect(Number(sums?.campaigns)).toBe(Number(sums?.targets));

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

  it("the daily run adds the new day and re-reads the recent ones", async () => {
    const db = t.connection.db;
    const engine = engineFor(db, h);
    const newDay = h.sandbox.control.today();
    const ordersBefore = await totalOrders(db);
    h.sandbox.control.advance(1);
    expect(await engine.requestDailySyncs()).toBe(1);
    const [daily] = await db
      .select()
      .from(schema.syncRuns)
      .where(eq(schema.syncRuns.kind, "daily"));
    expect(await runToEnd(engine, daily?.id as string)).toBe("succeeded");
    const [fresh] = rowsOf<{ n: string | number }>(
      await db.execute(sql`select count(*) as n from ad_performance_daily where date = ${newDay}`),
    );
    expect(Number(fresh?.n)).toBeGreaterThan(0);
    // Orders of earlier clicks keep arriving (7-day attribution): never fewer than before.
    expect(await totalOrders(db, newDay)).toBeGreaterThanOrEqual(ordersBefore);
    expect(sellerProfileId).toBeTruthy();
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
