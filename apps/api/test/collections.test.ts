import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RuleCondition, RuleSet } from "../src/catalogue/collection-rules.ts";
import { LOW_COVER_DAYS } from "../src/catalogue/product-list-query.ts";
import { type HydraTestApp, IDS, MERGE_PATCH, openHydraTestApp } from "./support/hydra-app.ts";

/**
 * Issue 11 §5: rule-based collections are evaluated in SQL. The property: on small generated
 * catalogues, a product is in the preview iff it satisfies the rule set evaluated in plain
 * JavaScript on the same data (the oracle below knows nothing of the SQL compiler).
 */

let serial = 0;
const unique = () => `${Date.now().toString(36)}${++serial}`;
const MARKETPLACE_IDS = {
  DE: "A1PA6795UKMFR9",
  FR: "A13V1IB3VIYZZH",
  UK: "A1F83G8C2ARO7P",
} as const;
const CURRENCIES = { DE: "EUR", FR: "EUR", UK: "GBP" } as const;

interface ProductSpec {
  sku: string;
  asin: string;
  title: string;
  marketplace: "DE" | "FR" | "UK";
  brand: string | null;
  category: string | null;
  price: number | null;
  tags: string[];
  lifecycle: string | null;
  /** null: no stock row (and no listing quantity). */
  fulfillable: number | null;
  daysOfCover: number | null;
  /** [days before today, cost, sales, clicks] */
  facts: [number, number, number, number][];
}

const todayUtc = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) =>
  new Date(Date.parse(`${todayUtc()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

async function catalogueOf(
  t: HydraTestApp,
  specs: ProductSpec[],
  customerId: string = IDS.customerA,
) {
  const db = t.db;
  const [profile] = await db
    .insert(schema.sellerProfiles)
    .values({ customerId, name: `Store ${unique()}` })
    .returning();
  const sellerProfileId = profile!.id;
  const [account] = await db
    .insert(schema.sellerAccounts)
    .values({ sellerProfileId, name: "EU" })
    .returning();
  const adProfiles: Record<string, string> = {};
  for (const country of ["DE", "FR", "UK"] as const) {
    const [ap] = await db
      .insert(schema.advertisingProfiles)
      .values({
        sellerProfileId,
        amazonProfileId: unique(),
        countryCode: country,
        currency: CURRENCIES[country],
        timezone: "Europe/Berlin",
      })
      .returning();
    adProfiles[country] = ap!.id;
  }
  const tagIds = new Map<string, string>();
  for (const text of new Set(specs.flatMap((s) => s.tags))) {
    const [tag] = await db.insert(schema.tags).values({ sellerProfileId, text }).returning();
    tagIds.set(text, tag!.id);
  }
  const ids: Record<string, string> = {};
  for (const spec of specs) {
    const [product] = await db
      .insert(schema.products)
      .values({
        sellerAccountId: account!.id,
        marketplace: spec.marketplace,
        marketplaceId: MARKETPLACE_IDS[spec.marketplace],
        sku: spec.sku,
        asin: spec.asin,
        title: spec.title,
        priceMicros: spec.price === null ? null : Math.round(spec.price * 1e6),
        currency: CURRENCIES[spec.marketplace],
        quantity: null,
        status: "Active",
        brand: spec.brand,
        category: spec.category,
      })
      .returning();
    ids[spec.sku] = product!.id;
    if (spec.lifecycle)
      await db
        .update(schema.productDetails)
        .set({ lifecycle: spec.lifecycle })
        .where(eq(schema.productDetails.productId, product!.id));
    for (const tag of spec.tags)
      await db
        .insert(schema.productTags)
        .values({ productId: product!.id, tagId: tagIds.get(tag)! });
    if (spec.fulfillable !== null)
      await db.insert(schema.productStock).values({
        sellerAccountId: account!.id,
        marketplaceId: MARKETPLACE_IDS[spec.marketplace],
        sku: spec.sku,
        fulfillable: spec.fulfillable,
        inbound: 0,
        reserved: 0,
        unfulfillable: 0,
        daysOfCover: spec.daysOfCover,
      });
    if (spec.facts.length) {
      const adId = unique();
      await db.insert(schema.productAds).values({
        advertisingProfileId: adProfiles[spec.marketplace]!,
        amazonAdId: adId,
        amazonAdGroupId: "1",
        amazonCampaignId: "1",
        sku: spec.sku,
        state: "ENABLED",
      });
      for (const [ago, cost, sales, clicks] of spec.facts)
        await db.insert(schema.adPerformanceDaily).values({
          advertisingProfileId: adProfiles[spec.marketplace]!,
          entityType: "product_ad",
          amazonId: adId,
          date: daysAgo(ago),
          amazonCampaignId: "1",
          impressions: clicks * 10,
          clicks,
          costMicros: Math.round(cost * 1e6),
          orders: sales > 0 ? 1 : 0,
          units: sales > 0 ? 1 : 0,
          salesMicros: Math.round(sales * 1e6),
        });
    }
  }
  return { sellerProfileId, accountId: account!.id, ids, tagIds };
}

// ---- The oracle: the rule semantics, written directly in JavaScript. ----

function likeRegex(pattern: string) {
  const body = pattern
    .split("")
    .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&")))
    .join("");
  return new RegExp(`^${body}$`, "is");
}

function compare(value: number | null, c: { operator: string; value: number; to?: number }) {
  if (value === null) return false;
  switch (c.operator) {
    case "gt":
      return value > c.value;
    case "gte":
      return value >= c.value;
    case "lt":
      return value < c.value;
    case "lte":
      return value <= c.value;
    default:
      return value >= c.value && value <= (c.to ?? c.value);
  }
}

function metricOf(spec: ProductSpec, metric: string, windowDays: number): number | null {
  // The window is the last N whole days before today.
  const facts = spec.facts.filter(([ago]) => ago >= 1 && ago <= windowDays);
  const cost = facts.reduce((s, f) => s + f[1], 0);
  const sales = facts.reduce((s, f) => s + f[2], 0);
  const clicks = facts.reduce((s, f) => s + f[3], 0);
  switch (metric) {
    case "acos":
      return facts.length && sales > 0 ? (cost * 100) / sales : null;
    case "roas":
      return facts.length && cost > 0 ? sales / cost : null;
    case "spend":
      return cost;
    case "sales":
      return sales;
    case "clicks":
      return clicks;
    case "impressions":
      return clicks * 10;
    default:
      return facts.filter((f) => f[2] > 0).length;
  }
}

function satisfies(spec: ProductSpec, c: RuleCondition): boolean {
  switch (c.field) {
    case "brand":
    case "category": {
      const v = (spec[c.field] ?? "").toLowerCase();
      const w = c.value.toLowerCase();
      return c.operator === "contains" ? v.includes(w) : c.operator === "is" ? v === w : v !== w;
    }
    case "tag": {
      const has = spec.tags.some((t) => t.toLowerCase() === c.value.toLowerCase());
      return c.operator === "is" ? has : !has;
    }
    case "marketplace":
      return c.operator === "is" ? spec.marketplace === c.value : spec.marketplace !== c.value;
    case "asin":
    case "sku": {
      const match = likeRegex(c.value).test(spec[c.field]);
      return c.operator === "matches" ? match : !match;
    }
    case "price":
      return compare(spec.price, c);
    case "stockStatus": {
      const q = spec.fulfillable;
      const status =
        q === null
          ? null
          : q <= 0
            ? "out_of_stock"
            : spec.daysOfCover !== null && spec.daysOfCover < LOW_COVER_DAYS
              ? "low_cover"
              : "in_stock";
      return c.operator === "is" ? status === c.value : status !== c.value;
    }
    case "lifecycle": {
      const is = c.value === "none" ? spec.lifecycle === null : spec.lifecycle === c.value;
      return c.operator === "is" ? is : !is;
    }
    case "metric":
      return compare(metricOf(spec, c.metric, c.windowDays), c);
  }
}

const inSet = (spec: ProductSpec, rules: RuleSet) =>
  rules.match === "all"
    ? rules.conditions.every((c) => satisfies(spec, c))
    : rules.conditions.some((c) => satisfies(spec, c));

// ---- Generators: small catalogues over a small vocabulary, so conditions hit and miss. ----

const BRANDS = ["Acme", "acme", "Bolt", "Zenit Pro"];
const TAGS = ["bestseller", "Neu", "sale"];
const LIFECYCLES = ["launch", "growth", "profit", "clearance"];
const WINDOWS = [7, 14, 30, 60, 90] as const;
const METRICS = ["acos", "roas", "spend", "sales", "clicks", "impressions", "orders"] as const;

const productArb = (index: number) =>
  fc.record({
    sku: fc.constantFrom("SKU-RED-", "SKU-BLU-", "X_", "50%-").map((p) => `${p}${index}`),
    asin: fc
      .constantFrom("B0AA", "B0AB", "B1ZZ")
      .map((p) => `${p}${String(index).padStart(6, "0")}`),
    title: fc.constant(`Produkt ${index}`),
    marketplace: fc.constantFrom("DE" as const, "FR" as const),
    brand: fc.option(fc.constantFrom(...BRANDS), { nil: null }),
    category: fc.option(fc.constantFrom("Kitchen", "Garden"), { nil: null }),
    price: fc.option(
      fc.integer({ min: 0, max: 100 }).map((n) => n / 2),
      { nil: null },
    ),
    tags: fc.subarray(TAGS),
    lifecycle: fc.option(fc.constantFrom(...LIFECYCLES), { nil: null }),
    fulfillable: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
    daysOfCover: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
    facts: fc.uniqueArray(
      fc.tuple(
        fc.constantFrom(1, 5, 10, 20, 29, 30, 31, 45, 89, 91),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 9 }),
      ),
      // None: a product without a product ad (its spend is 0, its ACoS unknown).
      { minLength: 0, maxLength: 3, selector: (f) => f[0] },
    ),
  });

const catalogueArb = fc
  .integer({ min: 1, max: 7 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => productArb(i))));

const numericArb = fc.oneof(
  fc.record({
    operator: fc.constantFrom("gt", "gte", "lt", "lte"),
    value: fc.integer({ min: 0, max: 60 }),
  }),
  fc
    .tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 30 }))
    .map(([value, width]) => ({ operator: "between" as const, value, to: value + width })),
);

const conditionArb: fc.Arbitrary<RuleCondition> = fc.oneof(
  fc.record({
    field: fc.constantFrom("brand" as const, "category" as const),
    operator: fc.constantFrom("is" as const, "isNot" as const, "contains" as const),
    value: fc.constantFrom("ACME", "Bolt", "kitch", "Garden", "Pro"),
  }),
  fc.record({
    field: fc.constant("tag" as const),
    operator: fc.constantFrom("is" as const, "isNot" as const),
    value: fc.constantFrom("bestseller", "neu", "other"),
  }),
  fc.record({
    field: fc.constant("marketplace" as const),
    operator: fc.constantFrom("is" as const, "isNot" as const),
    value: fc.constantFrom("DE", "FR"),
  }),
  fc.record({
    field: fc.constantFrom("asin" as const, "sku" as const),
    operator: fc.constantFrom("matches" as const, "notMatches" as const),
    value: fc.constantFrom("sku-red-*", "*BLU*", "X_?", "50%*", "B0A?*", "b1*", "*1"),
  }),
  numericArb.map((n) => ({ field: "price" as const, ...n })),
  fc.record({
    field: fc.constant("stockStatus" as const),
    operator: fc.constantFrom("is" as const, "isNot" as const),
    value: fc.constantFrom("in_stock" as const, "low_cover" as const, "out_of_stock" as const),
  }),
  fc.record({
    field: fc.constant("lifecycle" as const),
    operator: fc.constantFrom("is" as const, "isNot" as const),
    value: fc.constantFrom("launch", "profit", "none"),
  }),
  fc
    .tuple(fc.constantFrom(...METRICS), fc.constantFrom(...WINDOWS), numericArb)
    .map(([metric, windowDays, n]) => ({ field: "metric" as const, metric, windowDays, ...n })),
) as fc.Arbitrary<RuleCondition>;

const ruleSetArb: fc.Arbitrary<RuleSet> = fc.record({
  match: fc.constantFrom("all" as const, "any" as const),
  conditions: fc.array(conditionArb, { minLength: 1, maxLength: 3 }),
});

describe.each(TEST_DATABASE_KINDS)("collections on %s", (kind) => {
  let t: HydraTestApp;
  beforeAll(async () => {
    t = await openHydraTestApp(kind);
  }, 60_000);
  afterAll(async () => {
    await t?.dispose();
  });

  const preview = (sellerProfile: string, rules: unknown, actor: "own" | "foreign" = "own") =>
    t.request(actor, {
      method: "POST",
      url: "/api/catalogue/collections/preview",
      payload: { sellerProfile, rules },
    });

  it("a product is in the preview iff it satisfies the rules (property, every condition type)", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogueArb,
        fc.array(ruleSetArb, { minLength: 10, maxLength: 10 }),
        async (specs, ruleSets) => {
          const c = await catalogueOf(t, specs);
          for (const rules of ruleSets) {
            const response = await preview(c.sellerProfileId, rules);
            expect(response.statusCode, response.body).toBe(200);
            const body = response.json() as { count: number; sample: { sku: string }[] };
            const expected = specs.filter((s) => inSet(s, rules)).map((s) => s.sku);
            expect(body.sample.map((s) => s.sku).sort(), JSON.stringify(rules)).toEqual(
              expected.sort(),
            );
            expect(body.count).toBe(expected.length);
          }
        },
      ),
      { numRuns: kind === "pglite" ? 10 : 20 },
    );
  }, 240_000);

  it("the saved collection counts what its preview counted; its products are the product list's", async () => {
    const base = {
      marketplace: "DE" as const,
      brand: "Acme",
      category: "Kitchen",
      price: 20,
      lifecycle: null,
      fulfillable: 5,
      daysOfCover: 30,
    };
    const c = await catalogueOf(t, [
      // ACoS 50 % over 30 days: in.
      {
        ...base,
        sku: "C-1",
        asin: "B0C1",
        title: "a",
        tags: ["bestseller"],
        facts: [[3, 10, 20, 5]],
      },
      // ACoS 20 %: out.
      {
        ...base,
        sku: "C-2",
        asin: "B0C2",
        title: "b",
        tags: ["bestseller"],
        facts: [[3, 4, 20, 5]],
      },
      // High ACoS but 40 days ago: out.
      {
        ...base,
        sku: "C-3",
        asin: "B0C3",
        title: "c",
        tags: ["bestseller"],
        facts: [[40, 10, 20, 5]],
      },
      // Not a bestseller: out.
      { ...base, sku: "C-4", asin: "B0C4", title: "d", tags: [], facts: [[3, 10, 20, 5]] },
    ]);
    const rules = {
      match: "all",
      conditions: [
        { field: "tag", operator: "is", value: "bestseller" },
        { field: "metric", metric: "acos", windowDays: 30, operator: "gt", value: 35 },
      ],
    };
    const previewed = (await preview(c.sellerProfileId, rules)).json();
    expect(previewed.count).toBe(1);
    const created = await t.request("own", {
      method: "POST",
      url: "/api/product_collections",
      payload: {
        name: "Teure Bestseller",
        membership: "rules",
        rules,
        priority: 5,
        sellerProfile: `/api/seller_profiles/${c.sellerProfileId}`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(created.json().priority).toBe(5);
    const from = daysAgo(30);
    const to = daysAgo(1);
    const list = await t.request("own", {
      url: `/api/catalogue/collections?sellerProfile=${c.sellerProfileId}&from=${from}&to=${to}`,
    });
    expect(list.statusCode, list.body).toBe(200);
    const summary = list.json().collections.find((s: { id: string }) => s.id === id);
    expect(summary).toMatchObject({
      productCount: previewed.count,
      spend: 10,
      sales: 20,
      acos: 0.5,
      // No total sales synced yet: TACoS unknown, not 0.
      totalSales: null,
      tacos: null,
      organicShare: null,
      // Nothing set anywhere: the default goal, and 50 % is far above it.
      goal: { targetAcos: 30, source: "default", status: "above" },
    });

    // Total sales (SP-API Sales) of the members only, inside the range: TACoS per collection.
    for (const [sku, ago, sales] of [
      ["C-1", 3, 80],
      ["C-1", 5, 20],
      ["C-1", 40, 999], // before the range
      ["C-2", 3, 500], // not a member
    ] as const)
      await t.db.insert(schema.productSalesDaily).values({
        sellerAccountId: c.accountId,
        marketplaceId: MARKETPLACE_IDS.DE,
        sku,
        date: daysAgo(ago),
        units: 1,
        orders: 1,
        salesMicros: sales * 1e6,
        currency: "EUR",
      });
    const withTotals = (
      await t.request("own", {
        url: `/api/catalogue/collections?sellerProfile=${c.sellerProfileId}&from=${from}&to=${to}`,
      })
    )
      .json()
      .collections.find((s: { id: string }) => s.id === id);
    expect(withTotals).toMatchObject({ spend: 10, totalSales: 100, tacos: 0.1, organicShare: 0.8 });

    // Goal tracking follows the settings: global 40 %, then the collection's own 49 %.
    const goalOf = async () =>
      (
        await t.request("own", {
          url: `/api/catalogue/collections?sellerProfile=${c.sellerProfileId}&from=${from}&to=${to}`,
        })
      )
        .json()
        .collections.find((s: { id: string }) => s.id === id).goal;
    const global = await t.request("own", {
      method: "POST",
      url: "/api/seller_profile_settings",
      payload: {
        sellerProfile: `/api/seller_profiles/${c.sellerProfileId}`,
        values: { targetAcos: 40 },
      },
    });
    expect(global.statusCode, global.body).toBe(201);
    expect(await goalOf()).toEqual({ targetAcos: 40, source: "global", status: "above" });
    const own = await t.request("own", {
      method: "POST",
      url: "/api/collection_settings",
      payload: { collection: `/api/product_collections/${id}`, values: { targetAcos: 49 } },
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(await goalOf()).toEqual({ targetAcos: 49, source: "collection", status: "onTarget" });
    // The stored count is the evaluated one, so the spec's collection endpoint agrees.
    const hydra = await t.request("own", {
      url: `/api/product_collections?profile=${c.sellerProfileId}&sort=-productCount`,
    });
    expect(hydra.json()["hydra:member"][0]).toMatchObject({ id, productCount: 1 });
    const products = await t.request("own", {
      url: `/api/catalogue/products?sellerProfile=${c.sellerProfileId}&collection=${id}`,
    });
    expect(products.json()["hydra:member"].map((m: { sku: string }) => m.sku)).toEqual(["C-1"]);

    // Editing the rules changes the membership at once.
    const patched = await t.request("own", {
      method: "PATCH",
      url: `/api/product_collections/${id}`,
      headers: MERGE_PATCH,
      payload: { rules: { match: "any", conditions: rules.conditions } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const again = await t.request("own", {
      url: `/api/catalogue/products?sellerProfile=${c.sellerProfileId}&collection=${id}&order[sku]=asc`,
    });
    expect(again.json()["hydra:member"].map((m: { sku: string }) => m.sku)).toEqual([
      "C-1",
      "C-2",
      "C-3",
      "C-4",
    ]);
  });

  it("a collection across marketplaces converts its money per day into the default currency, and exports what it lists", async () => {
    const base = {
      brand: "Acme",
      category: "Kitchen",
      price: 20,
      tags: [],
      lifecycle: null,
      fulfillable: 5,
      daysOfCover: 30,
    };
    const c = await catalogueOf(t, [
      {
        ...base,
        marketplace: "DE",
        sku: "X-1",
        asin: "B0X1",
        title: "de",
        facts: [[3, 10, 20, 5]],
      },
      { ...base, marketplace: "UK", sku: "X-2", asin: "B0X2", title: "uk", facts: [[3, 8, 16, 4]] },
    ]);
    const created = await t.request("own", {
      method: "POST",
      url: "/api/product_collections",
      payload: {
        name: "Europa",
        membership: "rules",
        rules: { match: "all", conditions: [{ field: "sku", operator: "matches", value: "X-*" }] },
        sellerProfile: `/api/seller_profiles/${c.sellerProfileId}`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    // The euro reference rate of GBP in force that day (the newest on or before it).
    const [rate] = (
      (await t.db.execute(sql`select conversion_rate from conversion_rates
        where currency_code = 'GBP' and date <= ${daysAgo(3)}::date
        order by date desc limit 1`)) as unknown as { rows: { conversion_rate: string }[] }
    ).rows;
    const gbp = Number(rate?.conversion_rate);
    expect(gbp).toBeGreaterThan(0);
    // A day of total sales in a currency without any rate: left out, and said so.
    for (const [sku, marketplace, currency, amount] of [
      ["X-1", "DE", "EUR", 50],
      ["X-2", "UK", "GBP", 40],
      ["X-2", "UK", "JPY", 9000],
    ] as const)
      await t.db.insert(schema.productSalesDaily).values({
        sellerAccountId: c.accountId,
        marketplaceId: MARKETPLACE_IDS[marketplace],
        sku,
        date: daysAgo(currency === "JPY" ? 4 : 3),
        units: 1,
        orders: 1,
        salesMicros: amount * 1e6,
        currency,
      });
    const url = `/api/catalogue/collections?sellerProfile=${c.sellerProfileId}&from=${daysAgo(30)}&to=${daysAgo(1)}`;
    const list = await t.request("own", { url });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ currency: "EUR", unconvertedCurrencies: ["JPY"] });
    const summary = list.json().collections.find((s: { id: string }) => s.id === id);
    const cents = (value: number) => Math.round(value * 100) / 100;
    expect(summary.productCount).toBe(2);
    expect(summary.spend).toBeCloseTo(cents(10 + 8 / gbp), 2);
    expect(summary.sales).toBeCloseTo(cents(20 + 16 / gbp), 2);
    expect(summary.totalSales).toBeCloseTo(cents(50 + 40 / gbp), 2);
    expect(summary.spend).not.toBe(18);

    // The same list as CSV (German numbers) and XLSX.
    const csv = await t.request("own", { url: `${url}&format=csv&locale=de` });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain("Name");
    expect(lines[0]).toContain("Gesamtumsatz");
    const row = lines.find((l) => l.startsWith("Europa"));
    expect(row).toContain("Regelbasiert");
    expect(row).toContain("EUR");
    expect(row).toContain(summary.spend.toFixed(2).replace(".", ","));
    const xlsx = await t.request("own", { url: `${url}&format=xlsx&locale=en` });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    const badColumn = await t.request("own", { url: `${url}&format=csv&columns[]=nope` });
    expect(badColumn.statusCode).toBe(400);
  });

  it("bad rule sets are 4xx with the path, never a 5xx; foreign profiles and collections are 404", async () => {
    const c = await catalogueOf(t, []);
    for (const rules of [
      { match: "all", conditions: [] },
      { match: "most", conditions: [{ field: "tag", operator: "is", value: "x" }] },
      { match: "all", conditions: [{ field: "price", operator: "between", value: 10, to: 5 }] },
      {
        match: "all",
        conditions: [{ field: "metric", metric: "acos", windowDays: 31, operator: "gt", value: 1 }],
      },
      {
        match: "all",
        conditions: [{ field: "sku", operator: "matches", value: "a\u0007b" }],
      },
      { match: "all", conditions: [{ field: "tag", operator: "is", value: "x".repeat(500) }] },
      "nonsense",
    ]) {
      const response = await preview(c.sellerProfileId, rules);
      expect(response.statusCode, JSON.stringify(rules)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    // Values are parameters, never SQL: a quote is just a character to match.
    const quoted = await preview(c.sellerProfileId, {
      match: "all",
      conditions: [{ field: "sku", operator: "matches", value: "a'; drop table products;--" }],
    });
    expect(quoted.json()).toEqual({ count: 0, sample: [] });
    const invalid = await preview(c.sellerProfileId, {
      match: "all",
      conditions: [{ field: "price", operator: "between", value: 10, to: 5 }],
    });
    expect(invalid.json().violations[0].propertyPath).toBe("rules.conditions[0].to");

    const tagRule = { match: "all", conditions: [{ field: "tag", operator: "is", value: "x" }] };
    expect((await preview(c.sellerProfileId, tagRule, "foreign")).statusCode).toBe(404);
    expect((await preview(IDS.profileB, tagRule)).statusCode).toBe(404);
    const summaries = await t.request("foreign", {
      url: `/api/catalogue/collections?sellerProfile=${c.sellerProfileId}&from=2026-01-01&to=2026-01-31`,
    });
    expect(summaries.statusCode).toBe(404);
    const badRange = await t.request("own", {
      url: `/api/catalogue/collections?sellerProfile=${c.sellerProfileId}&from=2026-02-01&to=2026-01-31`,
    });
    expect(badRange.statusCode).toBe(400);
    const [foreign] = await t.db
      .insert(schema.productCollections)
      .values({
        sellerProfileId: IDS.profileB,
        name: "Theirs",
        membership: "rules",
        rules: tagRule,
      })
      .returning();
    const filtered = await t.request("own", {
      url: `/api/catalogue/products?sellerProfile=${c.sellerProfileId}&collection=${foreign!.id}`,
    });
    expect(filtered.statusCode).toBe(404);
    expect(
      (await t.request("own", { url: `/api/product_collections/${foreign!.id}` })).statusCode,
    ).toBe(404);
  });
});
