import { feeEstimate } from "@starport/amazon-sandbox";
import { type Database, schema } from "@starport/db";
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from "@starport/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncFeeEstimates } from "../src/economics.ts";
import type { SyncEngine } from "../src/engine.ts";
import {
  amazonFor,
  connectedSeller,
  engineFor,
  runToEnd,
  type SandboxHarness,
  SELLER_ID,
  startSandbox,
} from "./support/harness.ts";

/** Issue 12: fee estimates (cached per price) and total sales per day from the sandbox. */

/**
 * A listings run, then the economics run it queued on its way out (fees and total sales have a
 * run and a queue of their own, so a listings run never waits for Amazon's slow fee and sales APIs).
 */
async function syncListingsThenEconomics(
  db: Database,
  engine: SyncEngine,
  sellerProfileId: string,
) {
  const listings = await engine.requestSync(sellerProfileId, "listings");
  expect(await runToEnd(engine, listings.id)).toBe("succeeded");
  const [ran] = await db.select().from(schema.syncRuns).where(eq(schema.syncRuns.id, listings.id));
  expect(ran?.steps.map((s) => s.key.split(":")[0])).toContain("listings");
  expect(ran?.steps.map((s) => s.key.split(":")[0])).not.toContain("fees");
  // Queued by the listings run itself, not by anyone asking.
  const queued = await db
    .select()
    .from(schema.syncRuns)
    .where(
      and(
        eq(schema.syncRuns.sellerProfileId, sellerProfileId),
        eq(schema.syncRuns.kind, "economics"),
        eq(schema.syncRuns.status, "queued"),
      ),
    );
  expect(queued).toHaveLength(1);
  const economics = queued[0] as (typeof queued)[number];
  expect(economics.createdAt.getTime()).toBeGreaterThanOrEqual(listings.createdAt.getTime());
  expect(await runToEnd(engine, economics.id)).toBe("succeeded");
}

let h: SandboxHarness;
beforeAll(async () => {
  h = await startSandbox({ countries: ["DE"], days: 40, maxProducts: 3 });
});
afterAll(() => h?.close());

describe.each(TEST_DATABASE_KINDS)("economics sync on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(() => t?.dispose());

  it("caches Amazon's fee estimate per listing price and refreshes it when the price changes", async () => {
    const db = t.connection.db;
    const sellerProfileId = await connectedSeller(db, h, "Gebühren GmbH");
    const engine = engineFor(db, h, {
      amazon: amazonFor(h.endpoints, { rateLimiting: false }),
      initialReportDays: 3,
    });
    await syncListingsThenEconomics(db, engine, sellerProfileId);
    const [account] = await db
      .select()
      .from(schema.sellerAccounts)
      .where(eq(schema.sellerAccounts.sellerProfileId, sellerProfileId));
    const accountId = account?.id as string;
    const listings = await db
      .select()
      .from(schema.products)
      .where(eq(schema.products.sellerAccountId, accountId));
    const estimates = await db
      .select()
      .from(schema.productFeeEstimates)
      .where(eq(schema.productFeeEstimates.sellerAccountId, accountId));
    const priced = listings.filter((l) => (l.priceMicros ?? 0) > 0);
    expect(priced.length).toBeGreaterThan(0);
    expect(estimates).toHaveLength(priced.length);
    for (const listing of priced) {
      const truth = [...h.sandbox.world.products.values()].find(
        (p) =>
          p.sellerId === SELLER_ID &&
          p.sku === listing.sku &&
          p.marketplaceId === listing.marketplaceId,
      );
      const fba = (listing.fulfillmentChannel ?? "").startsWith("AMAZON");
      const expected = feeEstimate({
        price: (listing.priceMicros as number) / 1e6,
        shipping: 0,
        currency: listing.currency,
        fba,
        categoryKey: truth?.categoryKey,
      });
      const estimate = estimates.find(
        (e) => e.sku === listing.sku && e.marketplaceId === listing.marketplaceId,
      );
      expect(estimate).toMatchObject({
        priceMicros: listing.priceMicros,
        isAmazonFulfilled: fba,
        error: null,
      });
      const referral = expected.list.find((f) => f.FeeType === "ReferralFee")?.FinalFee.Amount;
      expect(estimate?.referralFeeMicros).toBe(Math.round((referral as number) * 1e6));
      const fbaFee = expected.list.find((f) => f.FeeType === "FBAFees")?.FinalFee.Amount;
      expect(estimate?.fbaFeeMicros).toBe(fba ? Math.round((fbaFee as number) * 1e6) : null);
    }

    // Safe to run twice: an unchanged price asks nothing and changes nothing.
    await syncListingsThenEconomics(db, engine, sellerProfileId);
    const unchanged = await db
      .select()
      .from(schema.productFeeEstimates)
      .where(eq(schema.productFeeEstimates.sellerAccountId, accountId));
    expect(unchanged.map((e) => e.estimatedAt.getTime()).sort()).toEqual(
      estimates.map((e) => e.estimatedAt.getTime()).sort(),
    );

    // A new price (as the listings report would bring) is estimated again at that price.
    const first = priced[0] as (typeof priced)[number];
    const step = { db, sellerAccountId: accountId, marketplaceId: first.marketplaceId };
    await db
      .update(schema.products)
      .set({ priceMicros: (first.priceMicros as number) * 2 })
      .where(eq(schema.products.id, first.id));
    const sp = amazonFor(h.endpoints, { rateLimiting: false }).sp({
      refreshToken: h.sandbox.control.issueRefreshToken({ sellerId: SELLER_ID, api: "sp" }),
      region: "EU",
    });
    await syncFeeEstimates({
      ...step,
      sp,
      signal: new AbortController().signal,
      wrote: async () => {},
    });
    const [refreshed] = await db
      .select()
      .from(schema.productFeeEstimates)
      .where(
        and(
          eq(schema.productFeeEstimates.sellerAccountId, accountId),
          eq(schema.productFeeEstimates.sku, first.sku),
          eq(schema.productFeeEstimates.marketplaceId, first.marketplaceId),
        ),
      );
    expect(refreshed?.priceMicros).toBe((first.priceMicros as number) * 2);
    expect(refreshed?.referralFeeMicros as number).toBeGreaterThan(
      estimates.find((e) => e.sku === first.sku && e.marketplaceId === first.marketplaceId)
        ?.referralFeeMicros as number,
    );
  }, 180_000);

  it("stores total (ad-driven + organic) sales per SKU and day as the simulation sold them", async () => {
    const db = t.connection.db;
    const sellerProfileId = await connectedSeller(db, h, "Umsatz GmbH");
    const engine = engineFor(db, h, {
      amazon: amazonFor(h.endpoints, { rateLimiting: false }),
      initialReportDays: 3,
    });
    await syncListingsThenEconomics(db, engine, sellerProfileId);
    const [account] = await db
      .select()
      .from(schema.sellerAccounts)
      .where(eq(schema.sellerAccounts.sellerProfileId, sellerProfileId));
    const rows = await db
      .select()
      .from(schema.productSalesDaily)
      .where(eq(schema.productSalesDaily.sellerAccountId, account?.id as string));
    expect(rows.length).toBeGreaterThan(0);
    const world = h.sandbox.world;
    let organic = 0;
    let checked = 0;
    for (const p of [...world.products.values()].filter((x) => x.sellerId === SELLER_ID)) {
      for (const day of world.productDays.get(`${p.marketplaceId}|${p.asin}`) ?? []) {
        const date = new Date(Date.parse(`${world.startDate}T00:00:00Z`) + day.day * 86_400_000)
          .toISOString()
          .slice(0, 10);
        const row = rows.find(
          (r) => r.sku === p.sku && r.marketplaceId === p.marketplaceId && r.date === date,
        );
        if (!row) continue;
        checked++;
        organic += day.organicUnits;
        expect(row.units).toBe(day.organicUnits + day.adUnits);
        expect(row.salesMicros).toBe(Math.round((day.organicSales + day.adSales) * 100) * 10_000);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(organic).toBeGreaterThan(0);

    // Days of cover count every unit ordered over the last 30 days, organic ones included.
    const today = h.sandbox.control.today();
    const windowStart = new Date(Date.parse(`${today}T00:00:00Z`) - 30 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const stock = await db
      .select()
      .from(schema.productStock)
      .where(eq(schema.productStock.sellerAccountId, account?.id as string));
    expect(stock.length).toBeGreaterThan(0);
    let sold = 0;
    for (const s of stock) {
      const units = rows
        .filter(
          (r) =>
            r.sku === s.sku &&
            r.marketplaceId === s.marketplaceId &&
            r.date > windowStart &&
            r.date <= today,
        )
        .reduce((sum, r) => sum + r.units, 0);
      sold += units;
      expect(s.unitsSold30d).toBe(units);
      if (units > 0) expect(s.daysOfCover).toBeCloseTo(s.fulfillable / (units / 30), 3);
      else expect(s.daysOfCover).toBeNull();
    }
    expect(sold).toBeGreaterThan(0);

    // Twice is once: the second run rewrites nothing.
    const before = rows.map((r) => `${r.sku}|${r.date}|${r.units}|${r.syncedAt.getTime()}`).sort();
    await syncListingsThenEconomics(db, engine, sellerProfileId);
    const after = await db
      .select()
      .from(schema.productSalesDaily)
      .where(eq(schema.productSalesDaily.sellerAccountId, account?.id as string));
    expect(
      after.map((r) => `${r.sku}|${r.date}|${r.units}|${r.syncedAt.getTime()}`).sort(),
    ).toEqual(before);
  }, 180_000);
});
