import { inventorySummary, offersOf, similarItems } from "@starport/amazon-sandbox";
import { schema } from "@starport/db";
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from "@starport/db/testing";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spClientForProduct, syncCompetitorSnapshots } from "../src/competitors.ts";
import { rowsOf } from "../src/upsert.ts";
import {
  amazonFor,
  cipher,
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
    // Amazon's rate limits are the limiter tests' subject; here they would only add minutes of
    // waiting (the fee and total-sales steps ask once per 20 listings and once per SKU).
    const engine = engineFor(db, h, {
      amazon: amazonFor(h.endpoints, { rateLimiting: false }),
      initialReportDays: 40,
    });
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

  it("snapshots watched competitors on every listings sync, once per run", async () => {
    const db = t.connection.db;
    const sellerProfileId = await connectedSeller(db, h, "Wettbewerb GmbH");
    // getCompetitiveSummary allows one call per 30 s; the test does not wait for it.
    const amazon = amazonFor(h.endpoints, { rateLimiting: false });
    const engine = engineFor(db, h, { amazon, initialReportDays: 3 });
    expect(await runToEnd(engine, (await engine.requestSync(sellerProfileId, "listings")).id)).toBe(
      "succeeded",
    );
    const listings = rowsOf<{ id: string; asin: string; marketplace_id: string; sku: string }>(
      await db.execute(sql`
        select p.id, p.asin, p.marketplace_id, p.sku from products p
        join seller_accounts sa on sa.id = p.seller_account_id
        where sa.seller_profile_id = ${sellerProfileId} and p.asin is not null order by p.sku`),
    );
    const world = h.sandbox.world;
    const truthOf = (l: (typeof listings)[number]) =>
      [...world.products.values()].find(
        (p) => p.sellerId === SELLER_ID && p.sku === l.sku && p.marketplaceId === l.marketplace_id,
      );
    const listing = listings.find((l) => {
      const p = truthOf(l);
      return p && offersOf(world, p).some((o) => !o.mine);
    });
    expect(listing).toBeDefined();
    const truth = truthOf(listing!)!;
    const rival = offersOf(world, truth).find((o) => !o.mine)!;
    const similar = similarItems(world, truth)[0]!;
    await db.insert(schema.productCompetitors).values([
      { productId: listing!.id, asin: truth.asin, sellerId: rival.sellerId, source: "offers" },
      { productId: listing!.id, asin: similar.asin, source: "catalog", title: "Ähnlich" },
    ]);
    const snapshots = async () =>
      rowsOf<{ seller_id: string; price_micros: unknown; has_buy_box: boolean | null }>(
        await db.execute(sql`
          select c.seller_id, s.price_micros, s.has_buy_box from competitor_snapshots s
          join product_competitors c on c.id = s.competitor_id
          where c.product_id = ${listing!.id} order by s.captured_at, c.seller_id`),
      );

    const run = await engine.requestSync(sellerProfileId, "listings");
    expect(await runToEnd(engine, run.id)).toBe("succeeded");
    const first = await snapshots();
    expect(first).toHaveLength(2);
    const ofRival = first.find((s) => s.seller_id === rival.sellerId)!;
    expect(Number(ofRival.price_micros) / 1e6).toBeCloseTo(
      offersOf(world, truth).find((o) => o.sellerId === rival.sellerId)!.listingPrice,
      2,
    );
    expect(ofRival.has_buy_box).toBe(
      offersOf(world, truth).find((o) => o.sellerId === rival.sellerId)!.buyBoxWinner,
    );
    expect(first.find((s) => s.seller_id === "")?.has_buy_box).toBeNull();

    // The step again for the same run (a crash, a takeover): nothing new.
    const [account] = await db
      .select()
      .from(schema.sellerAccounts)
      .where(eq(schema.sellerAccounts.sellerProfileId, sellerProfileId));
    const sp = (await spClientForProduct(db, amazon, cipher, listing!.id))!;
    let wrote = 0;
    await syncCompetitorSnapshots(
      {
        db,
        sp,
        sellerAccountId: account!.id,
        marketplaceId: listing!.marketplace_id,
        signal: new AbortController().signal,
        wrote: async (n) => {
          wrote += n;
        },
      },
      run.createdAt,
    );
    expect(wrote).toBe(0);
    expect(await snapshots()).toHaveLength(2);

    // The next day's run adds the next point in time.
    h.sandbox.control.advance(1);
    const next = await engine.requestSync(sellerProfileId, "listings");
    expect(await runToEnd(engine, next.id)).toBe("succeeded");
    expect(await snapshots()).toHaveLength(4);
  }, 180_000);
});
