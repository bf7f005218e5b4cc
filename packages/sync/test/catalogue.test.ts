import { inventorySummary } from "@starport/amazon-sandbox";
import { schema } from "@starport/db";
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from "@starport/db/testing";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src/upsert.ts";
import {
  connectedSeller,
  engineFor,
  runToEnd,
  type SandboxHarness,
  SELLER_ID,
  startSandbox,
} from "./support/harness.ts";

/** Issue 11: catalog attributes, FBA stock and days of cover; own fields survive every sync. */

let h: SandboxHarness;
beforeAll(async () => {
  h = await startSandbox({ countries: ["DE"], days: 40, maxProducts: 4 });
});
afterAll(() => h?.close());

describe.each(TEST_DATABASE_KINDS)("catalogue sync on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(() => t?.dispose());

  it("syncs brand, category, image and stock as the sandbox has them, never own fields", async () => {
    const db = t.connection.db;
    const sellerProfileId = await connectedSeller(db, h);
    const engine = engineFor(db, h, { initialReportDays: 40 });
    const run = await engine.requestSync(sellerProfileId, "initial");
    expect(await runToEnd(engine, run.id)).toBe("succeeded");

    const [account] = await db
      .select()
      .from(schema.sellerAccounts)
      .where(eq(schema.sellerAccounts.sellerProfileId, sellerProfileId));
    const listings = await db
      .select()
      .from(schema.products)
      .where(eq(schema.products.sellerAccountId, account?.id as string));
    expect(listings.length).toBeGreaterThan(0);
    const synced = new Set(listings.map((l) => l.marketplaceId));
    const truth = [...h.sandbox.world.products.values()].filter(
      (p) => p.sellerId === SELLER_ID && synced.has(p.marketplaceId),
    );
    for (const listing of listings) {
      const p = truth.find(
        (x) => x.sku === listing.sku && x.marketplaceId === listing.marketplaceId,
      );
      expect(listing.brand).toBe(p?.brand);
      expect(listing.category).toBeTruthy();
      expect(listing.imageUrl).toContain(listing.asin);
    }
    const stock = await db
      .select()
      .from(schema.productStock)
      .where(eq(schema.productStock.sellerAccountId, account?.id as string));
    expect(stock.length).toBe(truth.length);
    for (const row of stock) {
      const p = truth.find((x) => x.sku === row.sku && x.marketplaceId === row.marketplaceId);
      const expected = inventorySummary(p as NonNullable<typeof p>);
      expect(row.fulfillable).toBe(expected.inventoryDetails.fulfillableQuantity);
      expect(row.reserved).toBe(expected.inventoryDetails.reservedQuantity.totalReservedQuantity);
      expect(row.inbound).toBe(expected.inventoryDetails.inboundShippedQuantity);
    }
    // Days of cover = fulfillable / (units of the SKU's product ads over 30 days / 30).
    const [facts] = rowsOf<{ sku: string; units: number }>(
      await db.execute(sql`
        select pa.sku, sum(f.units)::int as units from product_ads pa
        join ad_performance_daily f on f.advertising_profile_id = pa.advertising_profile_id
          and f.entity_type = 'product_ad' and f.amazon_id = pa.amazon_ad_id
          and f.date > (${h.sandbox.control.today()}::date - 30)
        group by pa.sku having sum(f.units) > 0 order by 2 desc limit 1`),
    );
    expect(facts).toBeDefined();
    const sold = stock.find((s) => s.sku === facts?.sku);
    expect(sold?.unitsSold30d).toBe(facts?.units);
    expect(sold?.daysOfCover).toBeCloseTo((sold?.fulfillable ?? 0) / ((facts?.units ?? 1) / 30), 3);

    // Starport's own fields, then every kind of sync again: they stay as they were.
    const product = listings[0] as (typeof listings)[number];
    await db
      .update(schema.productDetails)
      .set({ costMicros: 4_250_000, costCurrency: "EUR", lifecycle: "growth", notes: "supplier B" })
      .where(eq(schema.productDetails.productId, product.id));
    const [tag] = await db
      .insert(schema.tags)
      .values({ sellerProfileId, text: "bestseller" })
      .returning();
    await db.insert(schema.productTags).values({ productId: product.id, tagId: tag?.id as string });
    h.sandbox.control.advance(1);
    for (const kindOfRun of ["initial", "listings", "daily"] as const) {
      const again = await engine.requestSync(sellerProfileId, kindOfRun);
      expect(await runToEnd(engine, again.id)).toBe("succeeded");
    }
    const [details] = await db
      .select()
      .from(schema.productDetails)
      .where(eq(schema.productDetails.productId, product.id));
    expect(details).toMatchObject({
      costMicros: 4_250_000,
      costCurrency: "EUR",
      lifecycle: "growth",
      notes: "supplier B",
    });
    const tagged = await db
      .select()
      .from(schema.productTags)
      .where(
        and(
          eq(schema.productTags.productId, product.id),
          eq(schema.productTags.tagId, tag?.id as string),
        ),
      );
    expect(tagged).toHaveLength(1);
    const [same] = await db
      .select()
      .from(schema.products)
      .where(eq(schema.products.id, product.id));
    expect(same?.id).toBe(product.id);
  }, 180_000);
});
