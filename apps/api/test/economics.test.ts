import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HydraTestApp, IDS, LD, MERGE_PATCH, openHydraTestApp } from "./support/hydra-app.ts";

/** Issue 12 items 3 and 4: taxes, shipping settings and the per-product economics read. */

let serial = 0;
const unique = () => `${Date.now().toString(36)}e${++serial}`;
const MARKETPLACE_IDS = {
  DE: "A1PA6795UKMFR9",
  FR: "A13V1IB3VIYZZH",
  US: "ATVPDKIKX0DER",
} as const;

/** A seller profile of customer A with one product: every test owns its data. */
async function productOf(
  t: HydraTestApp,
  spec: {
    marketplace?: keyof typeof MARKETPLACE_IDS;
    price: number | null;
    cost?: number;
    shipping?: number;
    fees?: { price: number; referral: number; fba: number | null };
  },
) {
  const marketplace = spec.marketplace ?? "DE";
  const [profile] = await t.db
    .insert(schema.sellerProfiles)
    .values({ customerId: IDS.customerA, name: `Store ${unique()}` })
    .returning();
  const [account] = await t.db
    .insert(schema.sellerAccounts)
    .values({ sellerProfileId: profile!.id, name: "EU" })
    .returning();
  const sku = `SKU-${unique()}`;
  const currency = marketplace === "US" ? "USD" : "EUR";
  const [product] = await t.db
    .insert(schema.products)
    .values({
      sellerAccountId: account!.id,
      marketplace,
      marketplaceId: MARKETPLACE_IDS[marketplace],
      sku,
      asin: "B0ECON0001",
      title: `Product ${sku}`,
      priceMicros: spec.price === null ? null : Math.round(spec.price * 1e6),
      currency,
      status: "Active",
    })
    .returning();
  await t.db
    .update(schema.productDetails)
    .set({
      costMicros: spec.cost === undefined ? null : Math.round(spec.cost * 1e6),
      costCurrency: spec.cost === undefined ? null : currency,
      shippingCostMicros: spec.shipping === undefined ? null : Math.round(spec.shipping * 1e6),
    })
    .where(eq(schema.productDetails.productId, product!.id));
  if (spec.fees) {
    await t.db.insert(schema.productFeeEstimates).values({
      sellerAccountId: account!.id,
      marketplaceId: MARKETPLACE_IDS[marketplace],
      sku,
      priceMicros: Math.round(spec.fees.price * 1e6),
      currency,
      isAmazonFulfilled: spec.fees.fba !== null,
      referralFeeMicros: Math.round(spec.fees.referral * 1e6),
      fbaFeeMicros: spec.fees.fba === null ? null : Math.round(spec.fees.fba * 1e6),
      totalFeesMicros: Math.round((spec.fees.referral + (spec.fees.fba ?? 0)) * 1e6),
    });
  }
  return { profileId: profile!.id, accountId: account!.id, productId: product!.id };
}

/**
 * The product's marketplace (DE) as an advertising profile of its seller profile, with daily
 * facts [date, cost, sales]: of a product ad for the product's SKU, or of a campaign.
 */
async function advertised(
  t: HydraTestApp,
  p: { profileId: string; productId: string },
  days: readonly (readonly [string, number, number])[],
  entityType: "product_ad" | "campaign" = "product_ad",
) {
  const [product] = await t.db
    .select()
    .from(schema.products)
    .where(eq(schema.products.id, p.productId));
  const [ap] = await t.db
    .insert(schema.advertisingProfiles)
    .values({
      sellerProfileId: p.profileId,
      amazonProfileId: unique(),
      countryCode: "DE",
      currency: "EUR",
      timezone: "Europe/Berlin",
    })
    .returning();
  const adId = entityType === "campaign" ? "C1" : unique();
  if (entityType === "product_ad")
    await t.db.insert(schema.productAds).values({
      advertisingProfileId: ap!.id,
      amazonAdId: adId,
      amazonAdGroupId: "1",
      amazonCampaignId: "1",
      sku: product!.sku,
      state: "ENABLED",
    });
  for (const [date, cost, sales] of days) {
    await t.db.insert(schema.adPerformanceDaily).values({
      advertisingProfileId: ap!.id,
      entityType,
      amazonId: adId,
      date,
      amazonCampaignId: entityType === "campaign" ? "C1" : "1",
      impressions: 100,
      clicks: 10,
      costMicros: cost * 1e6,
      orders: 1,
      units: 1,
      salesMicros: sales * 1e6,
    });
  }
  return { product: product!, advertisingProfileId: ap!.id };
}

describe.each(TEST_DATABASE_KINDS)("economics API on %s", (kind) => {
  let t: HydraTestApp;
  beforeAll(async () => {
    t = await openHydraTestApp(kind);
  });
  afterAll(() => t?.dispose());

  const economics = (id: string, actor: "own" | "foreign" = "own") =>
    t.request(actor, { method: "GET", url: `/api/product_economics/${id}` });

  it("walks from the gross price to the break-even ACoS with the marketplace's default VAT", async () => {
    const p = await productOf(t, {
      price: 20,
      cost: 5,
      fees: { price: 20, referral: 3, fba: 3.5 },
    });
    const response = await economics(p.productId);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      "@type": "ProductEconomics",
      product: `/api/products/${p.productId}`,
      currency: "EUR",
      grossPrice: 20,
      vatRate: 19,
      vatSource: "default",
      referralFee: 3,
      fbaFee: 3.5,
      costOfGoods: 5,
      netPrice: 16.806723,
      contributionMargin: 5.306723,
      missing: [],
    });
    expect(body.breakEvenAcos).toBeCloseTo(5.306723 / 20, 6);
    expect(body.steps.map((s: { key: string }) => s.key)).toEqual([
      "grossPrice",
      "vat",
      "netPrice",
      "referralFee",
      "fbaFee",
      "costOfGoods",
      "contributionMargin",
    ]);
  });

  it("names what is missing instead of counting it as zero, and a stale fee estimate is no estimate", async () => {
    const p = await productOf(t, { price: 25, fees: { price: 20, referral: 3, fba: 3.5 } });
    const body = (await economics(p.productId)).json();
    expect(body.missing).toEqual(["fees", "cost"]);
    expect(body.breakEvenAcos).toBeNull();
    expect(body.contributionMargin).toBeNull();
    expect(body.netPrice).toBeCloseTo(21.008403, 6);

    const us = await productOf(t, { marketplace: "US", price: 20, cost: 5 });
    expect((await economics(us.productId)).json().missing).toEqual(["vat", "fees"]);
  });

  it("uses the customer's own VAT rate from the taxes resource, newest valid one first", async () => {
    const p = await productOf(t, {
      marketplace: "FR",
      price: 24,
      cost: 4,
      fees: { price: 24, referral: 3.6, fba: 3 },
    });
    expect((await economics(p.productId)).json()).toMatchObject({
      vatRate: 20,
      vatSource: "default",
    });
    const created = await t.request("own", {
      method: "POST",
      url: "/api/taxes",
      headers: LD,
      payload: { marketplace: "FR", rate: 5.5, type: "standard", validFrom: "2020-01-01" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = (await economics(p.productId)).json();
    expect(body).toMatchObject({ vatRate: 5.5, vatSource: "customer", netPrice: 22.748815 });
    // Grouped by marketplace: GET /api/taxes?customer={id} lists it under FR.
    const list = await t.request("own", {
      method: "GET",
      url: `/api/taxes?customer=${IDS.customerA}&marketplace=FR`,
    });
    expect(list.json()["hydra:member"].map((m: { rate: number }) => m.rate)).toContain(5.5);
    await t.request("own", { method: "DELETE", url: created.json()["@id"] });
  });

  it("refuses a VAT rate below 0 or above 100 % with the field (422)", async () => {
    for (const rate of [-1, 100.5]) {
      const response = await t.request("own", {
        method: "POST",
        url: "/api/taxes",
        headers: LD,
        payload: { marketplace: "DE", rate, type: "standard", validFrom: "2026-01-01" },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(JSON.stringify(response.json().violations)).toContain("rate");
    }
  });

  it("deducts the marketplace's default shipping for FBM, unless the product sets its own", async () => {
    const p = await productOf(t, {
      price: 20,
      cost: 5,
      fees: { price: 20, referral: 3, fba: null },
    });
    expect((await economics(p.productId)).json().missing).toEqual(["fees"]);
    const created = await t.request("own", {
      method: "POST",
      url: "/api/shipping_settings",
      headers: LD,
      payload: {
        sellerProfile: `/api/seller_profiles/${p.profileId}`,
        marketplace: "DE",
        defaultShippingCost: 4.9,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    let body = (await economics(p.productId)).json();
    expect(body).toMatchObject({ shippingCost: 4.9, shippingSource: "marketplace", missing: [] });
    expect(body.steps[4]).toEqual({ key: "shippingCost", amount: -4.9 });
    expect(body.contributionMargin).toBeCloseTo(16.806723 - 3 - 4.9 - 5, 6);

    const detail = await t.db
      .select({ id: schema.productDetails.id })
      .from(schema.productDetails)
      .where(eq(schema.productDetails.productId, p.productId));
    const patched = await t.request("own", {
      method: "PATCH",
      url: `/api/product_details/${detail[0]!.id}`,
      headers: MERGE_PATCH,
      payload: { shippingCost: 2.5 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    body = (await economics(p.productId)).json();
    expect(body).toMatchObject({ shippingCost: 2.5, shippingSource: "product" });

    // One default per marketplace: a second one is a 422 on the field.
    const again = await t.request("own", {
      method: "POST",
      url: "/api/shipping_settings",
      headers: LD,
      payload: {
        sellerProfile: `/api/seller_profiles/${p.profileId}`,
        marketplace: "DE",
        defaultShippingCost: 3,
      },
    });
    expect(again.statusCode, again.body).toBe(422);
    const negative = await t.request("own", {
      method: "PATCH",
      url: created.json()["@id"],
      headers: MERGE_PATCH,
      payload: { defaultShippingCost: -1 },
    });
    expect(negative.statusCode, negative.body).toBe(422);
    expect(JSON.stringify(negative.json().violations)).toContain("defaultShippingCost");
  });

  it("answers 404 for another customer's product and shipping settings", async () => {
    const p = await productOf(t, { price: 20 });
    expect((await economics(p.productId, "foreign")).statusCode).toBe(404);
    const created = await t.request("own", {
      method: "POST",
      url: "/api/shipping_settings",
      headers: LD,
      payload: {
        sellerProfile: `/api/seller_profiles/${p.profileId}`,
        marketplace: "FR",
        defaultShippingCost: 3,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const foreign = await t.request("foreign", { method: "GET", url: created.json()["@id"] });
    expect(foreign.statusCode).toBe(404);
    const foreignCreate = await t.request("foreign", {
      method: "POST",
      url: "/api/shipping_settings",
      headers: LD,
      payload: {
        sellerProfile: `/api/seller_profiles/${p.profileId}`,
        marketplace: "IT",
        defaultShippingCost: 3,
      },
    });
    expect([404, 422]).toContain(foreignCreate.statusCode);
    const list = await t.request("own", {
      method: "GET",
      url: `/api/product_economics?sellerAccount=${p.accountId}`,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()["hydra:totalItems"]).toBe(1);
  });

  it("shows TACoS and the organic share in the product list from total sales, unknown until synced", async () => {
    const p = await productOf(t, { price: 20 });
    const { product } = await advertised(t, p, [
      ["2026-11-01", 5, 40],
      ["2026-11-02", 3, 20],
    ]);
    const list = async () => {
      const response = await t.request("own", {
        method: "GET",
        url: `/api/catalogue/products?sellerProfile=${p.profileId}&from=2026-11-01&to=2026-11-02`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json()["hydra:member"][0].metrics;
    };
    expect(await list()).toMatchObject({ spend: 8, sales: 60, totalSales: null, tacos: null });

    for (const [date, sales] of [
      ["2026-11-01", 100],
      ["2026-11-02", 60],
      ["2026-11-03", 999],
    ] as const) {
      await t.db.insert(schema.productSalesDaily).values({
        sellerAccountId: p.accountId,
        marketplaceId: product!.marketplaceId,
        sku: product!.sku,
        date,
        units: Math.round(sales / 20),
        orders: Math.round(sales / 20),
        salesMicros: sales * 1e6,
        currency: "EUR",
      });
    }
    const metrics = await list();
    expect(metrics.totalSales).toBe(160);
    expect(metrics.tacos).toBeCloseTo(8 / 160, 9);
    expect(metrics.organicShare).toBeCloseTo(100 / 160, 9);
  });

  it("sums a marketplace's total sales beside its ad spend: TACoS in Hangar, unknown until synced", async () => {
    const p = await productOf(t, { price: 20 });
    const { product, advertisingProfileId } = await advertised(
      t,
      p,
      [
        ["2026-11-01", 6, 30],
        ["2026-11-02", 4, 20],
        ["2026-11-05", 99, 99],
      ],
      "campaign",
    );
    const sales = async (query = "") => {
      const response = await t.request("own", {
        method: "GET",
        url: `/api/marketplace_sales?sellerProfile=${p.profileId}&from=2026-11-01&to=2026-11-02${query}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json()["hydra:member"];
    };
    expect(await sales()).toEqual([
      expect.objectContaining({
        advertisingProfile: `/api/advertising_profiles/${advertisingProfileId}`,
        marketplace: "DE",
        adSpend: 10,
        adSales: 50,
        totalSales: null,
        syncedDays: 0,
        tacos: null,
        organicShare: null,
      }),
    ]);

    for (const [date, amount, currency] of [
      ["2026-11-01", 120, "EUR"],
      ["2026-11-02", 80, "EUR"],
      ["2026-11-03", 999, "EUR"],
      // Another marketplace's listing in another currency does not count here.
      ["2026-11-01", 500, "USD"],
    ] as const) {
      await t.db.insert(schema.productSalesDaily).values({
        sellerAccountId: p.accountId,
        marketplaceId: currency === "USD" ? MARKETPLACE_IDS.US : product!.marketplaceId,
        sku: product!.sku,
        date,
        units: 4,
        orders: 4,
        salesMicros: amount * 1e6,
        currency,
      });
    }
    const [de] = await sales("&marketplace=DE");
    expect(de).toMatchObject({
      totalSales: 200,
      units: 8,
      syncedDays: 2,
      adSpend: 10,
      adSales: 50,
    });
    expect(de.tacos).toBeCloseTo(10 / 200, 9);
    expect(de.organicShare).toBeCloseTo(150 / 200, 9);

    // Without a range there is nothing to sum: 400 naming the parameter; a foreign profile: 404.
    const bare = await t.request("own", {
      method: "GET",
      url: `/api/marketplace_sales?sellerProfile=${p.profileId}`,
    });
    expect(bare.statusCode).toBe(400);
    const foreign = await t.request("foreign", {
      method: "GET",
      url: `/api/marketplace_sales?sellerProfile=${p.profileId}&from=2026-11-01&to=2026-11-02`,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("resolves a target relative to break-even from the product's own economics", async () => {
    const p = await productOf(t, {
      price: 25,
      cost: 5,
      fees: { price: 25, referral: 3.75, fba: 3 },
    });
    const breakEven = (await economics(p.productId)).json().breakEvenAcos as number;
    expect(breakEven).toBeGreaterThan(0.1);
    const own = await t.request("own", {
      method: "POST",
      url: "/api/product_settings",
      headers: LD,
      payload: {
        product: `/api/products/${p.productId}`,
        values: { targetMode: "breakEvenRelative", breakEvenOffsetPoints: -5 },
      },
    });
    expect(own.statusCode, own.body).toBe(201);
    const effective = async () => {
      const response = await t.request("own", {
        method: "GET",
        url: `/api/effective_settings?product=${p.productId}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json()["hydra:member"][0];
    };
    const resolved = await effective();
    expect(resolved.breakEvenAcos).toBeCloseTo(breakEven, 9);
    expect(resolved.effectiveTargetAcos).toBeCloseTo(breakEven * 100 - 5, 2);
    const listed = await t.request("own", {
      method: "GET",
      url: `/api/catalogue/products?sellerProfile=${p.profileId}&from=2026-11-01&to=2026-11-02`,
    });
    expect(listed.json()["hydra:member"][0].goal.target).toBeCloseTo(breakEven * 100 - 5, 2);

    // Without a cost the break-even is unknown, and so is a target relative to it: never a guess.
    const details = await t.db
      .select()
      .from(schema.productDetails)
      .where(eq(schema.productDetails.productId, p.productId));
    const cleared = await t.request("own", {
      method: "PATCH",
      url: `/api/product_details/${details[0]!.id}`,
      headers: MERGE_PATCH,
      payload: { cost: null, costCurrency: null, costValidFrom: null },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await effective()).toMatchObject({ breakEvenAcos: null, effectiveTargetAcos: null });
  });

  it("puts each product's goal beside its actual ACoS or TACoS in the product list, as settings resolve it", async () => {
    const p = await productOf(t, { price: 20 });
    // 8 € spend on 50 € ad sales: 16 % ACoS.
    const { product } = await advertised(t, p, [["2026-11-01", 8, 50]]);
    const goal = async () => {
      const response = await t.request("own", {
        method: "GET",
        url: `/api/catalogue/products?sellerProfile=${p.profileId}&from=2026-11-01&to=2026-11-02`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json()["hydra:member"][0].goal;
    };
    // Nothing set: the global default of 30 %, and 16 % is below it.
    expect(await goal()).toEqual({ metric: "acos", target: 30, status: "below" });

    const market = await t.request("own", {
      method: "POST",
      url: "/api/marketplace_settings",
      headers: LD,
      payload: {
        sellerProfile: `/api/seller_profiles/${p.profileId}`,
        marketplace: product!.marketplace,
        values: { targetAcos: 15 },
      },
    });
    expect(market.statusCode, market.body).toBe(201);
    expect(await goal()).toEqual({ metric: "acos", target: 15, status: "onTarget" });

    const own = await t.request("own", {
      method: "POST",
      url: "/api/product_settings",
      headers: LD,
      payload: { product: `/api/products/${p.productId}`, values: { targetAcos: 10 } },
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(await goal()).toEqual({ metric: "acos", target: 10, status: "above" });

    // A target-TACoS goal is tracked on TACoS: 8 € spend on 100 € total sales is 8 %.
    await t.db.insert(schema.productSalesDaily).values({
      sellerAccountId: p.accountId,
      marketplaceId: product!.marketplaceId,
      sku: product!.sku,
      date: "2026-11-01",
      units: 5,
      orders: 5,
      salesMicros: 100e6,
      currency: "EUR",
    });
    const tacos = await t.request("own", {
      method: "PATCH",
      url: own.json()["@id"],
      headers: MERGE_PATCH,
      payload: { values: { goalType: "targetTacos", targetTacos: 12 } },
    });
    expect(tacos.statusCode, tacos.body).toBe(200);
    expect(await goal()).toEqual({ metric: "tacos", target: 12, status: "below" });

    // Without a range there are no metrics, and no goal to compare them with.
    const plain = await t.request("own", {
      method: "GET",
      url: `/api/catalogue/products?sellerProfile=${p.profileId}`,
    });
    expect(plain.json()["hydra:member"][0].goal).toBeNull();
  });
});
