import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { PRODUCT_UPSERT, upsertRows } from "@starport/sync";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_SORTS } from "../src/catalogue/product-list-query.ts";
import { XLSX } from "../src/hydra/export.ts";
import { type HydraTestApp, IDS, MERGE_PATCH, openHydraTestApp } from "./support/hydra-app.ts";

/** Issue 11: the product list (filters, sorts, paging, metrics), bulk actions, own fields. */

let serial = 0;
const unique = () => `${Date.now().toString(36)}${++serial}`;

interface Spec {
  sku: string;
  title: string;
  marketplace?: "DE" | "FR";
  brand?: string | null;
  category?: string | null;
  price?: number | null;
  cost?: number | null;
  shipping?: number | null;
  /** Amazon's fee estimate for the listing's price (fba null: the seller ships). */
  fees?: { referral: number; fba?: number | null };
  fulfillable?: number | null;
  daysOfCover?: number | null;
  /** Ad facts of the SKU: [date, cost, sales]. */
  facts?: [string, number, number][];
}

const MARKETPLACE_IDS = { DE: "A1PA6795UKMFR9", FR: "A13V1IB3VIYZZH" } as const;

/** A seller profile of customer A with its own products: every test owns its catalogue. */
async function catalogueOf(t: HydraTestApp, specs: Spec[]) {
  const db = t.db;
  const [profile] = await db
    .insert(schema.sellerProfiles)
    .values({ customerId: IDS.customerA, name: `Store ${unique()}` })
    .returning();
  const sellerProfileId = profile!.id;
  const [account] = await db
    .insert(schema.sellerAccounts)
    .values({ sellerProfileId, name: "EU" })
    .returning();
  const adProfiles: Record<string, string> = {};
  for (const country of ["DE", "FR"] as const) {
    const [ap] = await db
      .insert(schema.advertisingProfiles)
      .values({
        sellerProfileId,
        amazonProfileId: unique(),
        countryCode: country,
        currency: "EUR",
        timezone: "Europe/Berlin",
      })
      .returning();
    adProfiles[country] = ap!.id;
  }
  const ids: Record<string, string> = {};
  for (const spec of specs) {
    const marketplace = spec.marketplace ?? "DE";
    const [product] = await db
      .insert(schema.products)
      .values({
        sellerAccountId: account!.id,
        marketplace,
        marketplaceId: MARKETPLACE_IDS[marketplace],
        sku: spec.sku,
        asin: `B0${spec.sku
          .replace(/[^A-Z0-9]/gi, "")
          .slice(0, 8)
          .toUpperCase()}`,
        title: spec.title,
        priceMicros: spec.price === null ? null : Math.round((spec.price ?? 10) * 1e6),
        currency: "EUR",
        quantity: null,
        status: "Active",
        brand: spec.brand === undefined ? "Acme" : spec.brand,
        category: spec.category === undefined ? "Kitchen" : spec.category,
      })
      .returning();
    ids[spec.sku] = product!.id;
    if (spec.fees && product!.priceMicros !== null) {
      await db.insert(schema.productFeeEstimates).values({
        sellerAccountId: account!.id,
        marketplaceId: MARKETPLACE_IDS[marketplace],
        sku: spec.sku,
        priceMicros: product!.priceMicros,
        currency: "EUR",
        isAmazonFulfilled: spec.fees.fba != null,
        referralFeeMicros: Math.round(spec.fees.referral * 1e6),
        fbaFeeMicros: spec.fees.fba == null ? null : Math.round(spec.fees.fba * 1e6),
      });
    }
    if (spec.cost !== undefined && spec.cost !== null) {
      await db
        .update(schema.productDetails)
        .set({
          costMicros: Math.round(spec.cost * 1e6),
          costCurrency: "EUR",
          shippingCostMicros:
            spec.shipping === undefined || spec.shipping === null
              ? null
              : Math.round(spec.shipping * 1e6),
        })
        .where(eq(schema.productDetails.productId, product!.id));
    }
    if (spec.fulfillable !== undefined && spec.fulfillable !== null) {
      await db.insert(schema.productStock).values({
        sellerAccountId: account!.id,
        marketplaceId: MARKETPLACE_IDS[marketplace],
        sku: spec.sku,
        fulfillable: spec.fulfillable,
        inbound: 0,
        reserved: 0,
        unfulfillable: 0,
        daysOfCover: spec.daysOfCover ?? null,
      });
    }
    if (spec.facts?.length) {
      const adId = unique();
      await db.insert(schema.productAds).values({
        advertisingProfileId: adProfiles[marketplace]!,
        amazonAdId: adId,
        amazonAdGroupId: "1",
        amazonCampaignId: "1",
        sku: spec.sku,
        state: "ENABLED",
      });
      for (const [date, cost, sales] of spec.facts) {
        await db.insert(schema.adPerformanceDaily).values({
          advertisingProfileId: adProfiles[marketplace]!,
          entityType: "product_ad",
          amazonId: adId,
          date,
          amazonCampaignId: "1",
          impressions: 100,
          clicks: 10,
          costMicros: Math.round(cost * 1e6),
          orders: 1,
          units: 1,
          salesMicros: Math.round(sales * 1e6),
        });
      }
    }
  }
  return { sellerProfileId, accountId: account!.id, ids };
}

type Member = Record<string, unknown> & {
  sku: string;
  stock: { quantity: number | null; daysOfCover: number | null; status: string | null };
  metrics: { spend: number; sales: number; acos: number | null } | null;
  tags: { text: string }[];
};

describe.each(TEST_DATABASE_KINDS)("catalogue API on %s", (kind) => {
  let t: HydraTestApp;
  beforeAll(async () => {
    t = await openHydraTestApp(kind);
  });
  afterAll(() => t?.dispose());

  async function list(sellerProfileId: string, query: string, actor: "own" | "foreign" = "own") {
    const response = await t.request(actor, {
      method: "GET",
      url: `/api/catalogue/products?sellerProfile=${sellerProfileId}${query ? `&${query}` : ""}`,
    });
    return response;
  }
  async function skus(sellerProfileId: string, query: string) {
    const response = await list(sellerProfileId, query);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json()["hydra:member"] as Member[]).map((m) => m.sku);
  }

  it("filters by marketplace, brand, category, price, cost, stock status and text", async () => {
    const c = await catalogueOf(t, [
      { sku: "A-1", title: "Garlic press", price: 12, cost: 4, fulfillable: 50, daysOfCover: 40 },
      { sku: "A-2", title: "Pepper mill", price: 25, fulfillable: 5, daysOfCover: 3 },
      { sku: "A-3", title: "Salt cellar", price: 8, cost: 2, fulfillable: 0 },
      { sku: "B-1", title: "Tea towel", marketplace: "FR", brand: "Linen&Co", category: "Home" },
      { sku: "B-2", title: "Oven glove 100%", price: null, brand: null, category: null },
    ]);
    const s = c.sellerProfileId;
    expect(await skus(s, "")).toEqual(["A-1", "B-2", "A-2", "A-3", "B-1"]);
    expect(await skus(s, "marketplace=FR")).toEqual(["B-1"]);
    expect(await skus(s, "brand=Linen%26Co")).toEqual(["B-1"]);
    expect(await skus(s, "category=Kitchen&order[sku]=asc")).toEqual(["A-1", "A-2", "A-3"]);
    expect(await skus(s, "price[gte]=10&price[lte]=25&order[sku]=asc")).toEqual([
      "A-1",
      "A-2",
      "B-1",
    ]);
    expect(await skus(s, "price[gte]=10.01&price[lte]=24.99")).toEqual(["A-1"]);
    expect(await skus(s, "hasCost=true&order[sku]=asc")).toEqual(["A-1", "A-3"]);
    expect(await skus(s, "hasCost=false&order[sku]=asc")).toEqual(["A-2", "B-1", "B-2"]);
    expect(await skus(s, "stock=in_stock")).toEqual(["A-1"]);
    expect(await skus(s, "stock=low_cover")).toEqual(["A-2"]);
    expect(await skus(s, "stock=out_of_stock")).toEqual(["A-3"]);
    expect(await skus(s, "search=pepper")).toEqual(["A-2"]);
    expect(await skus(s, "search=b-1")).toEqual(["B-1"]);
    expect(await skus(s, "search=B0A1")).toEqual(["A-1"]);
    // LIKE wildcards are text: "%" matches only a literal percent sign.
    expect(await skus(s, "search=100%25")).toEqual(["B-2"]);
    expect(await skus(s, "search=%25")).toEqual(["B-2"]);
  });

  it("sorts on every column both ways, missing values last, and pages", async () => {
    const c = await catalogueOf(t, [
      {
        sku: "S-1",
        title: "b",
        price: 30,
        cost: 10,
        fees: { referral: 4.5, fba: 3 },
        fulfillable: 9,
        daysOfCover: 9,
        brand: "Zeta",
        facts: [["2026-10-05", 5, 10]],
      },
      {
        sku: "S-2",
        title: "a",
        price: 20,
        cost: 15,
        shipping: 1,
        fees: { referral: 3 },
        fulfillable: 100,
        daysOfCover: 80,
        brand: "Alpha",
        facts: [["2026-10-06", 2, 20]],
      },
      { sku: "S-3", title: "c", price: 10, brand: null, category: "Garden" },
      {
        sku: "S-4",
        title: "D",
        price: 40,
        cost: 1,
        fees: { referral: 6, fba: 30 },
        fulfillable: 0,
        marketplace: "FR",
        facts: [["2026-10-07", 1, 0]],
      },
    ]);
    const range = "from=2026-10-01&to=2026-10-31";
    const value: Record<string, (m: Member) => unknown> = {
      spend: (m) => m.metrics?.spend,
      sales: (m) => m.metrics?.sales,
      acos: (m) => m.metrics?.acos,
      stock: (m) => m.stock.quantity,
      daysOfCover: (m) => m.stock.daysOfCover,
    };
    const compare = (a: unknown, b: unknown) =>
      typeof a === "string" && typeof b === "string"
        ? a.toLowerCase() < b.toLowerCase()
          ? -1
          : a.toLowerCase() > b.toLowerCase()
            ? 1
            : 0
        : Number(a) - Number(b);
    for (const sort of PRODUCT_SORTS) {
      for (const direction of ["asc", "desc"] as const) {
        const response = await list(c.sellerProfileId, `${range}&order[${sort}]=${direction}`);
        expect(response.statusCode, `${sort} ${direction}: ${response.body}`).toBe(200);
        const members = response.json()["hydra:member"] as Member[];
        expect(members).toHaveLength(4);
        const values = members.map((m) => (value[sort] ? value[sort](m) : m[sort]) ?? null);
        const present = values.filter((v) => v !== null);
        // Missing values come last in both directions.
        expect(
          values.slice(present.length).every((v) => v === null),
          `${sort}`,
        ).toBe(true);
        const sorted = [...present].sort(compare);
        if (direction === "desc") sorted.reverse();
        expect(present, `${sort} ${direction}`).toEqual(sorted);
      }
    }
    expect(
      await skus(c.sellerProfileId, "order[margin]=desc"),
      // S-1: 30 € / 1.19 − 4.50 − 3 − 10 = 7.71; S-2: 20 € / 1.19 − 3 − 1 (shipping) − 15 = −2.19;
      // S-4: 40 € / 1.20 (FR) − 6 − 30 − 1 = −3.67 (price − cost alone would put it first).
      "margin = contribution before advertising (@starport/economics); unknown sorts last",
    ).toEqual(["S-1", "S-2", "S-4", "S-3"]);
    expect(await skus(c.sellerProfileId, "order[marginRate]=asc")).toEqual([
      "S-2",
      "S-4",
      "S-1",
      "S-3",
    ]);
    expect(
      await skus(c.sellerProfileId, "order[margin]=asc&itemsPerPage=2&page=2"),
      "pages after sorting",
    ).toEqual(["S-1", "S-3"]);

    const page = await list(c.sellerProfileId, "order[sku]=asc&itemsPerPage=3&page=2");
    const body = page.json();
    expect(body["hydra:totalItems"]).toBe(4);
    expect(body["hydra:member"].map((m: Member) => m.sku)).toEqual(["S-4"]);
    expect(body["hydra:view"]["hydra:previous"]).toContain("page=1");
    const past = (await list(c.sellerProfileId, "itemsPerPage=3&page=9")).json();
    expect(past["hydra:totalItems"]).toBe(4);
    expect(past["hydra:member"]).toEqual([]);
  });

  it("shows economics and ad metrics of the date range; a missing cost stays missing", async () => {
    const c = await catalogueOf(t, [
      {
        sku: "M-1",
        title: "With cost",
        price: 20,
        cost: 8,
        shipping: 2,
        fees: { referral: 3 },
        facts: [
          ["2026-09-30", 100, 100],
          ["2026-10-01", 3, 12],
          ["2026-10-02", 1, 0],
        ],
      },
      { sku: "M-2", title: "Without cost", price: 20 },
    ]);
    const members = (
      await list(c.sellerProfileId, "from=2026-10-01&to=2026-10-31&order[sku]=asc")
    ).json()["hydra:member"] as Member[];
    expect(members[0]).toMatchObject({
      sku: "M-1",
      price: 20,
      cost: 8,
      shippingCost: 2,
      metrics: { spend: 4, sales: 12, currency: "EUR" },
    });
    expect(members[0]?.metrics?.acos).toBeCloseTo(1 / 3, 6);
    // The drawer's contribution before advertising, not price − cost − shipping (10 €, 50 %):
    // 20 € / 1.19 VAT = 16.81 net − 3 referral fee − 2 shipping − 8 cost = 3.81 € (19.0 %).
    const economics = (
      await t.request("own", { method: "GET", url: `/api/product_economics/${c.ids["M-1"]}` })
    ).json();
    expect(members[0]?.margin).toBe(economics.contributionMargin);
    expect(members[0]?.marginRate).toBe(economics.breakEvenAcos);
    expect(members[0]?.margin).toBeCloseTo(3.806723, 6);
    expect(members[0]?.marginRate).toBeCloseTo(0.190336, 6);
    expect(members[1]).toMatchObject({
      sku: "M-2",
      cost: null,
      margin: null,
      marginRate: null,
      marginMissing: ["fees", "cost"],
    });
    // Total sales (SP-API Sales) are not synced here: TACoS is unknown, not 0.
    expect(members[1]?.metrics).toEqual({
      spend: 0,
      sales: 0,
      acos: null,
      totalSales: null,
      tacos: null,
      organicShare: null,
      currency: "EUR",
    });
    expect(members[0]?.["@id"]).toBe(`/api/products/${c.ids["M-1"]}`);
    const noRange = (await list(c.sellerProfileId, "")).json()["hydra:member"] as Member[];
    expect(noRange[0]?.metrics).toBeNull();
  });

  it("answers bad queries with 400 and other customers' profiles, tags and collections with 404", async () => {
    const c = await catalogueOf(t, [{ sku: "X-1", title: "x" }]);
    for (const query of [
      "order[nope]=asc",
      "order[price]=sideways",
      "stock=plenty",
      "from=2026-10-01",
      "from=2026-10-05&to=2026-10-01",
      "price[gte]=abc",
      "price[gte]=10&price[lte]=5",
      "itemsPerPage=100000",
      "marketplace=XX",
      "hasCost=maybe",
      "tag=not-a-uuid",
    ]) {
      const response = await list(c.sellerProfileId, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()["@type"]).toBe("ConstraintViolation");
    }
    expect((await list("not-a-uuid", "")).statusCode).toBe(400);
    expect((await list(c.sellerProfileId, "", "foreign")).statusCode).toBe(404);
    expect((await list(IDS.profileB, "")).statusCode).toBe(404);
    const [foreignTag] = await t.db
      .insert(schema.tags)
      .values({ sellerProfileId: IDS.profileB, text: `b-${unique()}` })
      .returning();
    expect((await list(c.sellerProfileId, `tag=${foreignTag!.id}`)).statusCode).toBe(404);
    const anonymous = await t.request("anonymous", {
      method: "GET",
      url: `/api/catalogue/products?sellerProfile=${c.sellerProfileId}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  async function bulk(body: Record<string, unknown>, actor: "own" | "foreign" = "own") {
    return t.request(actor, { method: "POST", url: "/api/catalogue/products/bulk", payload: body });
  }

  it("adds and removes tags, sets cost (with history) and manages manual collections in bulk", async () => {
    const c = await catalogueOf(t, [
      { sku: "K-1", title: "one", price: 10, fees: { referral: 1.5, fba: 2 } },
      { sku: "K-2", title: "two", price: 10 },
      { sku: "K-3", title: "three", price: 10, fees: { referral: 1.5, fba: 2 } },
    ]);
    const [tag] = await t.db
      .insert(schema.tags)
      .values({ sellerProfileId: c.sellerProfileId, text: "bestseller" })
      .returning();
    const products = [c.ids["K-1"], `/api/products/${c.ids["K-2"]}`];
    const added = await bulk({
      action: "addTags",
      sellerProfile: c.sellerProfileId,
      products,
      tags: [`/api/tags/${tag!.id}`],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ products: 2, changed: 2 });
    expect(await skus(c.sellerProfileId, `tag=${tag!.id}&order[sku]=asc`)).toEqual(["K-1", "K-2"]);
    // Twice changes nothing.
    expect(
      (
        await bulk({
          action: "addTags",
          sellerProfile: c.sellerProfileId,
          products,
          tags: [tag!.id],
        })
      ).json().changed,
    ).toBe(0);
    await bulk({
      action: "removeTags",
      sellerProfile: c.sellerProfileId,
      products: [c.ids["K-1"]],
      tags: [tag!.id],
    });
    expect(await skus(c.sellerProfileId, `tag=${tag!.id}`)).toEqual(["K-2"]);

    const cost = await bulk({
      action: "setCost",
      sellerProfile: c.sellerProfileId,
      products: [c.ids["K-1"], c.ids["K-3"]],
      cost: { amount: 4.5, validFrom: "2026-11-01" },
    });
    expect(cost.statusCode, cost.body).toBe(200);
    const members = (await list(c.sellerProfileId, "order[sku]=asc")).json()[
      "hydra:member"
    ] as Member[];
    expect(members.map((m) => [m.sku, m.cost, m.costCurrency, m.costValidFrom, m.margin])).toEqual([
      // 10 € / 1.19 = 8.403361 net − 1.50 − 2 (fees) − 4.50 (cost).
      ["K-1", 4.5, "EUR", "2026-11-01", 0.403361],
      ["K-2", null, null, null, null],
      ["K-3", 4.5, "EUR", "2026-11-01", 0.403361],
    ]);
    await bulk({
      action: "setCost",
      sellerProfile: c.sellerProfileId,
      products: [c.ids["K-1"]],
      cost: { amount: 5 },
    });
    const history = await t.db
      .select()
      .from(schema.productCostHistory)
      .where(eq(schema.productCostHistory.productId, c.ids["K-1"]!))
      .orderBy(schema.productCostHistory.recordedAt);
    expect(history.map((h) => h.costMicros)).toEqual([4_500_000, 5_000_000]);

    const [manual] = await t.db
      .insert(schema.productCollections)
      .values({ sellerProfileId: c.sellerProfileId, name: "Summer" })
      .returning();
    const joined = await bulk({
      action: "addToCollection",
      sellerProfile: c.sellerProfileId,
      products: [c.ids["K-2"], c.ids["K-3"]],
      collection: `/api/product_collections/${manual!.id}`,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await skus(c.sellerProfileId, `collection=${manual!.id}&order[sku]=asc`)).toEqual([
      "K-2",
      "K-3",
    ]);
    const [counted] = await t.db
      .select()
      .from(schema.productCollections)
      .where(eq(schema.productCollections.id, manual!.id));
    expect(counted?.productCount).toBe(2);
    await bulk({
      action: "removeFromCollection",
      sellerProfile: c.sellerProfileId,
      products: [c.ids["K-2"]],
      collection: manual!.id,
    });
    expect(await skus(c.sellerProfileId, `collection=${manual!.id}`)).toEqual(["K-3"]);
    const [rules] = await t.db
      .insert(schema.productCollections)
      .values({
        sellerProfileId: c.sellerProfileId,
        name: "Rules",
        membership: "rules",
        rules: [{ field: "brand", operator: "equals", value: "Acme" }],
      })
      .returning();
    const refused = await bulk({
      action: "addToCollection",
      sellerProfile: c.sellerProfileId,
      products: [c.ids["K-1"]],
      collection: rules!.id,
    });
    expect(refused.statusCode).toBe(422);
  });

  it("acts on every product the filters match, across pages, and saves them as a manual collection", async () => {
    const c = await catalogueOf(t, [
      ...Array.from({ length: 120 }, (_, i) => ({
        sku: `F-${String(i).padStart(3, "0")}`,
        title: `Filterartikel ${i}`,
        price: 20,
      })),
      { sku: "G-1", title: "Not matched", price: 20 },
      { sku: "F-CHEAP", title: "Cheap filter match", price: 2 },
    ]);
    const filter = { search: "filterartikel", "price[gte]": "10", page: "3", itemsPerPage: "25" };
    const [tag] = await t.db
      .insert(schema.tags)
      .values({ sellerProfileId: c.sellerProfileId, text: "alle" })
      .returning();
    const tagged = await bulk({
      action: "addTags",
      sellerProfile: c.sellerProfileId,
      filter,
      tags: [tag!.id],
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json()).toMatchObject({ products: 120, changed: 120 });
    const withTag = await list(c.sellerProfileId, `tag=${tag!.id}&itemsPerPage=200`);
    expect(withTag.json()["hydra:totalItems"]).toBe(120);
    expect(await skus(c.sellerProfileId, "search=G-1")).toEqual(["G-1"]);
    expect(
      (await list(c.sellerProfileId, `tag=${tag!.id}&search=G-1`)).json()["hydra:totalItems"],
    ).toBe(0);

    const cost = await bulk({
      action: "setCost",
      sellerProfile: c.sellerProfileId,
      filter: { search: "F-00" },
      cost: { amount: 7 },
    });
    expect(cost.json()).toMatchObject({ products: 10, changed: 10 });
    expect((await list(c.sellerProfileId, "hasCost=true")).json()["hydra:totalItems"]).toBe(10);

    // "Save as collection": a manual collection of exactly the selection.
    const saved = await bulk({
      action: "createCollection",
      sellerProfile: c.sellerProfileId,
      products: [c.ids["F-001"], c.ids["G-1"]],
      name: "Auswahl",
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const collection = saved.json().collection as string;
    expect(saved.json()).toMatchObject({ products: 2, changed: 2 });
    expect(await skus(c.sellerProfileId, `collection=${collection}&order[sku]=asc`)).toEqual([
      "F-001",
      "G-1",
    ]);
    const [row] = await t.db
      .select()
      .from(schema.productCollections)
      .where(eq(schema.productCollections.id, collection));
    expect(row).toMatchObject({ name: "Auswahl", membership: "manual", productCount: 2 });
    // …or of every match of the filters.
    const all = await bulk({
      action: "createCollection",
      sellerProfile: c.sellerProfileId,
      filter: { search: "filter" },
      name: "Alle Filter",
    });
    expect(all.json()).toMatchObject({ products: 121, changed: 121 });

    // Exactly one of products and filter; a bad filter is a 400, a foreign tag filter a 404.
    for (const body of [
      { action: "addTags", sellerProfile: c.sellerProfileId, tags: [tag!.id] },
      {
        action: "addTags",
        sellerProfile: c.sellerProfileId,
        tags: [tag!.id],
        products: [c.ids["G-1"]],
        filter: {},
      },
      { action: "createCollection", sellerProfile: c.sellerProfileId, filter: {}, name: "" },
    ])
      expect((await bulk(body)).statusCode).toBe(422);
    expect(
      (
        await bulk({
          action: "addTags",
          sellerProfile: c.sellerProfileId,
          filter: { stock: "plenty" },
          tags: [tag!.id],
        })
      ).statusCode,
    ).toBe(400);
    const other = await catalogueOf(t, [{ sku: "O-1", title: "other" }]);
    const [otherTag] = await t.db
      .insert(schema.tags)
      .values({ sellerProfileId: other.sellerProfileId, text: "fremd" })
      .returning();
    expect(
      (
        await bulk({
          action: "addTags",
          sellerProfile: c.sellerProfileId,
          filter: { tag: otherTag!.id },
          tags: [tag!.id],
        })
      ).statusCode,
    ).toBe(404);
  });

  it("never touches another customer's products, and bad bulk input is a 4xx", async () => {
    const mine = await catalogueOf(t, [{ sku: "I-1", title: "mine" }]);
    const [tag] = await t.db
      .insert(schema.tags)
      .values({ sellerProfileId: mine.sellerProfileId, text: "t" })
      .returning();
    // B names A's profile and products: 404, nothing written.
    const foreign = await bulk(
      {
        action: "addTags",
        sellerProfile: mine.sellerProfileId,
        products: [mine.ids["I-1"]],
        tags: [tag!.id],
      },
      "foreign",
    );
    expect(foreign.statusCode).toBe(404);
    // A mixes a product of another of A's profiles in: 404, nothing written.
    const other = await catalogueOf(t, [{ sku: "I-2", title: "other profile" }]);
    const mixed = await bulk({
      action: "addTags",
      sellerProfile: mine.sellerProfileId,
      products: [mine.ids["I-1"], other.ids["I-2"]],
      tags: [tag!.id],
    });
    expect(mixed.statusCode).toBe(404);
    expect(
      await t.db.select().from(schema.productTags).where(eq(schema.productTags.tagId, tag!.id)),
    ).toEqual([]);
    for (const body of [
      {},
      { action: "explode", sellerProfile: mine.sellerProfileId, products: [mine.ids["I-1"]] },
      {
        action: "setCost",
        sellerProfile: mine.sellerProfileId,
        products: [mine.ids["I-1"]],
        cost: { amount: -5 },
      },
      { action: "setCost", sellerProfile: mine.sellerProfileId, products: [], cost: { amount: 1 } },
      {
        action: "addTags",
        sellerProfile: mine.sellerProfileId,
        products: ["nope"],
        tags: [tag!.id],
      },
    ]) {
      const response = await bulk(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    const malformed = await t.request("own", {
      method: "POST",
      url: "/api/catalogue/products/bulk",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
  });

  it("PATCHes own fields on product_details; a sync-style upsert of the listing keeps them", async () => {
    const c = await catalogueOf(t, [
      { sku: "P-1", title: "Original", price: 30, fees: { referral: 4.5, fba: 3 } },
    ]);
    const [details] = await t.db
      .select()
      .from(schema.productDetails)
      .where(eq(schema.productDetails.productId, c.ids["P-1"]!));
    const patched = await t.request("own", {
      method: "PATCH",
      url: `/api/product_details/${details!.id}`,
      headers: MERGE_PATCH,
      payload: { cost: 12.5, costCurrency: "EUR", lifecycle: "launch", notes: "from supplier A" },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(
      (
        await t.request("own", {
          method: "PATCH",
          url: `/api/product_details/${details!.id}`,
          headers: MERGE_PATCH,
          payload: { cost: -5, lifecycle: "forever" },
        })
      ).statusCode,
    ).toBe(422);
    // What the listings sync does: the same upsert statement, keyed by account + marketplace + SKU.
    await upsertRows(t.db, PRODUCT_UPSERT, [
      {
        seller_account_id: c.accountId,
        marketplace: "DE",
        marketplace_id: MARKETPLACE_IDS.DE,
        sku: "P-1",
        asin: "B0NEW",
        title: "Renamed on Amazon",
        price_micros: 32_000_000,
        currency: "EUR",
        quantity: 3,
        status: "Active",
        fulfillment_channel: "AMAZON_EU",
        open_date: null,
      },
    ]);
    const [member] = (await list(c.sellerProfileId, "")).json()["hydra:member"] as Member[];
    expect(member).toMatchObject({
      title: "Renamed on Amazon",
      price: 32,
      cost: 12.5,
      lifecycle: "launch",
      notes: "from supplier A",
      // Amazon's fee estimate was for 30 €: no estimate for the new price, no contribution yet.
      margin: null,
      marginMissing: ["fees"],
    });
  });

  it("exports every page of the filtered, sorted list as German CSV and English XLSX", async () => {
    const specs: Spec[] = Array.from({ length: 230 }, (_, i) => ({
      sku: `E-${String(i).padStart(3, "0")}`,
      title: `Exportartikel ${i}`,
      price: 1000 + i + 0.5,
      cost: i % 2 === 0 ? 400.25 : null,
      fees: { referral: 150, fba: 10 },
      fulfillable: i,
      daysOfCover: 20,
      facts: i === 229 ? [["2026-09-02", 12.5, 50]] : undefined,
    }));
    specs.push({ sku: "X-1", title: "Other brand", brand: "Zeta", price: 5 });
    const c = await catalogueOf(t, specs);
    const range = "from=2026-09-01&to=2026-09-30";
    const query = `brand=Acme&order[price]=desc&${range}`;
    const res = await list(c.sellerProfileId, `${query}&format=csv&locale=de`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="products-.*\.csv"/);
    const rows: string[][] = parse(res.body, { delimiter: ";", bom: true });
    expect(rows[0]).toEqual([
      "Produkt",
      "Tags",
      "SKU",
      "ASIN",
      "Marktplatz",
      "Marke",
      "Währung",
      "Preis",
      "Kosten",
      "Deckungsbeitrag vor Werbung",
      "Deckungsbeitrag vor Werbung %",
      "Bestand",
      "Reichweite (Tage)",
      "Werbekosten",
      "Werbeumsatz",
      "ACoS",
      "Gesamtumsatz",
      "TACoS",
      "Organischer Anteil",
      "Zielkennzahl",
      "Ziel",
      "Zielstatus",
    ]);
    // Every page (230 > the 200 of one page), the filter (no Zeta) and the order (price desc).
    expect(rows).toHaveLength(231);
    expect(rows.slice(1).map((r) => r[2])).toEqual(
      Array.from({ length: 230 }, (_, i) => `E-${String(229 - i).padStart(3, "0")}`),
    );
    const top = rows[1]!;
    expect(top.slice(7)).toEqual([
      "1229,50",
      "",
      "",
      "",
      "229",
      "20",
      "12,50",
      "50,00",
      "25,0\u00a0%",
      "",
      "",
      "",
      // Nothing set: the default goal of 30 % ACoS, and 25 % is below it.
      "ACoS",
      "30,0\u00a0%",
      "Unter dem Ziel",
    ]);
    // E-228: 1228.50 € / 1.19 = 1032.35 net − 150 − 10 (fees) − 400.25 (cost) = 472.10 €, 38.43 %
    // of the gross price (price − cost alone would be 828.25 €, 67.42 %).
    const withCost = rows[2]!;
    // The screen's one decimal for percentages.
    expect(withCost.slice(7, 11)).toEqual(["1228,50", "400,25", "472,10", "38,4\u00a0%"]);

    const columns =
      "columns[]=sku&columns[]=price&columns[]=acos&columns[]=goal&columns[]=goalStatus";
    const xlsx = await t.request("own", {
      method: "GET",
      url: `/api/catalogue/products?sellerProfile=${c.sellerProfileId}&${query}&search=E-22&${columns}&locale=en`,
      headers: { accept: XLSX },
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers["content-type"]).toContain(XLSX);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "SKU",
      "Price",
      "ACoS",
      "Goal",
      "Goal status",
    ]);
    expect(sheet.rowCount).toBe(11); // E-22, E-220 … E-229
    expect(sheet.getRow(2).values).toEqual([undefined, "E-229", 1229.5, 0.25, 0.3, "Below target"]);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('"€"#,##0.00');
    expect(sheet.getRow(2).getCell(3).numFmt).toBe("0.0%");
  });

  it("refuses bad export parameters and foreign profiles before sending anything", async () => {
    const c = await catalogueOf(t, [{ sku: "R-1", title: "Refused" }]);
    for (const query of ["format=pdf", "format=csv&locale=fr", "format=csv&columns[]=nope"]) {
      const res = await list(c.sellerProfileId, query);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await list(c.sellerProfileId, "format=csv", "foreign")).statusCode).toBe(404);
    expect((await list(c.sellerProfileId, "format=csv&order[nope]=asc")).statusCode).toBe(400);
  });
});
