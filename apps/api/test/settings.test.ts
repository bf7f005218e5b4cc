import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HydraTestApp, IDS, LD, MERGE_PATCH, openHydraTestApp } from "./support/hydra-app.ts";

/**
 * Settings with inheritance through the API (issue 12): each level written through its resource,
 * the effective settings of a product with provenance at every step, bad input as 422 with the
 * field, foreign ids as 404, and the preview of what deleting a collection changes.
 */

let serial = 0;
const unique = () => `${Date.now().toString(36)}-${++serial}`;

describe.each(TEST_DATABASE_KINDS)("settings with inheritance on %s", (kind) => {
  let t: HydraTestApp;
  beforeAll(async () => {
    t = await openHydraTestApp(kind);
  });
  afterAll(() => t?.dispose());

  /** A seller profile of customer A with one account, two products (DE, FR) and two collections. */
  async function world() {
    const [profile] = await t.db
      .insert(schema.sellerProfiles)
      .values({ customerId: IDS.customerA, name: `Acme ${unique()}` })
      .returning();
    const [account] = await t.db
      .insert(schema.sellerAccounts)
      .values({ sellerProfileId: profile!.id, name: "EU" })
      .returning();
    const product = async (marketplace: string, marketplaceId: string) =>
      (
        await t.db
          .insert(schema.products)
          .values({
            sellerAccountId: account!.id,
            marketplace,
            marketplaceId,
            sku: `SKU-${unique()}`,
            title: `Product ${unique()}`,
            currency: "EUR",
            status: "Active",
          })
          .returning()
      )[0]!;
    const de = await product("DE", "A1PA6795UKMFR9");
    const fr = await product("FR", "A13V1IB3VIYZZH");
    const collection = async (name: string, priority: number) =>
      (
        await t.db
          .insert(schema.productCollections)
          .values({ sellerProfileId: profile!.id, name, priority })
          .returning()
      )[0]!;
    const bestseller = await collection("Bestseller", 1);
    const summer = await collection("Summer", 5);
    await t.db.insert(schema.productCollectionMembers).values([
      { collectionId: bestseller.id, productId: de.id },
      { collectionId: summer.id, productId: de.id },
    ]);
    return { profile: profile!, de, fr, bestseller, summer };
  }

  const post = (url: string, payload: unknown, actor: "own" | "foreign" = "own") =>
    t.request(actor, { method: "POST", url, headers: LD, payload: payload as object });
  const patch = (url: string, payload: unknown) =>
    t.request("own", { method: "PATCH", url, headers: MERGE_PATCH, payload: payload as object });
  const effective = async (productId: string) => {
    const response = await t.request("own", {
      url: `/api/effective_settings?product=${productId}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json()["hydra:member"][0];
  };

  it("resolves a product's settings level by level, with provenance, and falls back on reset", async () => {
    const w = await world();
    let member = await effective(w.de.id);
    expect(member.values.targetAcos).toEqual({ value: 30, source: "default" });

    const global = await post("/api/seller_profile_settings", {
      sellerProfile: `/api/seller_profiles/${w.profile.id}`,
      values: { targetAcos: 25 },
    });
    expect(global.statusCode, global.body).toBe(201);
    member = await effective(w.de.id);
    expect(member.values.targetAcos).toEqual({
      value: 25,
      source: { level: "global", id: w.profile.id, name: w.profile.name },
    });

    const market = await post("/api/marketplace_settings", {
      sellerProfile: `/api/seller_profiles/${w.profile.id}`,
      marketplace: "DE",
      values: { targetAcos: 20, cooldownDays: 5 },
    });
    expect(market.statusCode, market.body).toBe(201);
    const summer = await post("/api/collection_settings", {
      collection: `/api/product_collections/${w.summer.id}`,
      values: { targetAcos: 40, maxBidMicros: 3_000_000 },
    });
    expect(summer.statusCode, summer.body).toBe(201);
    const best = await post("/api/collection_settings", {
      collection: `/api/product_collections/${w.bestseller.id}`,
      values: { targetAcos: 15 },
    });
    expect(best.statusCode, best.body).toBe(201);

    member = await effective(w.de.id);
    expect(member.values.targetAcos).toEqual({
      value: 15,
      source: { level: "collection", id: w.bestseller.id, name: "Bestseller" },
    });
    // Bestseller (priority 1) does not set the max bid: Summer's applies.
    expect(member.values.maxBidMicros.source).toMatchObject({ id: w.summer.id });
    expect(member.values.cooldownDays.source).toMatchObject({ level: "marketplace", id: "DE" });
    expect(member.chain.map((step: { level: string }) => step.level)).toEqual([
      "default",
      "global",
      "marketplace",
      "collection",
      "collection",
      "product",
    ]);
    // The FR product is outside the DE marketplace and the collections.
    expect((await effective(w.fr.id)).values.targetAcos.source).toMatchObject({ level: "global" });

    // The deletion preview names the DE product and what it falls back to.
    const preview = await t.request("own", {
      url: `/api/collection_deletion_previews?collection=${w.bestseller.id}`,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const [change] = preview.json()["hydra:member"];
    expect(change.product).toBe(`/api/products/${w.de.id}`);
    expect(change.changes).toEqual([
      {
        key: "targetAcos",
        before: {
          value: 15,
          source: { level: "collection", id: w.bestseller.id, name: "Bestseller" },
        },
        after: { value: 40, source: { level: "collection", id: w.summer.id, name: "Summer" } },
      },
    ]);

    // Reset to inherited: null removes the collection's value; the product falls back.
    const reset = await patch(best.json()["@id"], { values: { targetAcos: null } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().values).toEqual({});
    member = await effective(w.de.id);
    expect(member.values.targetAcos).toMatchObject({ value: 40, source: { id: w.summer.id } });

    // Deleting a collection re-resolves its products to the next level.
    expect(
      (await t.request("own", { method: "DELETE", url: `/api/product_collections/${w.summer.id}` }))
        .statusCode,
    ).toBe(204);
    member = await effective(w.de.id);
    expect(member.values.targetAcos).toMatchObject({ value: 20, source: { level: "marketplace" } });
  });

  it("answers bad values with 422 naming the field", async () => {
    const w = await world();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ targetAcos: 0 }, "values.targetAcos", "tooSmall"],
      [{ targetAcos: 100.5 }, "values.targetAcos", "tooLarge"],
      [
        { minBidMicros: 2_000_000, maxBidMicros: 1_000_000 },
        "values.minBidMicros",
        "minBidAboveMaxBid",
      ],
      [{ cooldownDays: -1 }, "values.cooldownDays", "tooSmall"],
      [{ automationMode: "sometimes" }, "values.automationMode", "choice"],
    ];
    for (const [values, path, code] of cases) {
      const response = await post("/api/seller_profile_settings", {
        sellerProfile: `/api/seller_profiles/${w.profile.id}`,
        values,
      });
      expect(response.statusCode, JSON.stringify(values)).toBe(422);
      expect(response.json().violations).toEqual([
        expect.objectContaining({ propertyPath: path, code }),
      ]);
    }
    // A patch that would leave min above the stored max is refused as a whole; nothing is written.
    const created = await post("/api/seller_profile_settings", {
      sellerProfile: `/api/seller_profiles/${w.profile.id}`,
      values: { maxBidMicros: 1_000_000 },
    });
    expect(created.statusCode).toBe(201);
    const refused = await patch(created.json()["@id"], { values: { minBidMicros: 1_500_000 } });
    expect(refused.statusCode).toBe(422);
    const after = await t.request("own", { url: created.json()["@id"] });
    expect(after.json().values).toEqual({ maxBidMicros: 1_000_000 });
    // A second row for the same profile is a 422 on the profile, not a 500.
    const twice = await post("/api/seller_profile_settings", {
      sellerProfile: `/api/seller_profiles/${w.profile.id}`,
      values: {},
    });
    expect(twice.statusCode).toBe(422);
  });

  it("a product's lifecycle stage has one place, its details: the product level of the setting", async () => {
    const w = await world();
    await post("/api/seller_profile_settings", {
      sellerProfile: `/api/seller_profiles/${w.profile.id}`,
      values: { lifecycleStage: "launch" },
    });
    // No stage of its own: the seller profile's.
    let member = await effective(w.de.id);
    expect(member.values.lifecycleStage).toMatchObject({
      value: "launch",
      source: { level: "global" },
    });
    // The stage the product list and the drawer's editor write is the product level's.
    const [details] = await t.db
      .update(schema.productDetails)
      .set({ lifecycle: "clearance" })
      .where(eq(schema.productDetails.productId, w.de.id))
      .returning();
    member = await effective(w.de.id);
    expect(member.values.lifecycleStage).toEqual({
      value: "clearance",
      source: { level: "product", id: w.de.id, name: w.de.sku },
    });
    const changed = await patch(`/api/product_details/${details!.id}`, { lifecycle: "profit" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await effective(w.de.id)).values.lifecycleStage.value).toBe("profit");
    // The product's settings do not hold a second one.
    const refused = await post("/api/product_settings", {
      product: `/api/products/${w.de.id}`,
      values: { lifecycleStage: "growth", targetAcos: 25 },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations).toEqual([
      expect.objectContaining({
        propertyPath: "values.lifecycleStage",
        code: "lifecycleInDetails",
      }),
    ]);
    const allowed = await post("/api/product_settings", {
      product: `/api/products/${w.de.id}`,
      values: { targetAcos: 25 },
    });
    expect(allowed.statusCode, allowed.body).toBe(201);
  });

  it("the onboarding's goals and marketplace steps write into the seller profile's settings", async () => {
    const put = (key: string, payload: object) =>
      t.request("own", { method: "PUT", url: `/api/onboarding/steps/${key}`, payload });
    const step = await put("seller-profile", {
      name: `Onboarded ${unique()}`,
      defaultMarketplace: "DE",
      defaultCurrency: "EUR",
      defaultAdvertisingMetric: "ACoS",
    });
    expect(step.statusCode, step.body).toBe(200);
    const [progress] = await t.db.select().from(schema.onboardingProgress);
    const profile = progress!.sellerProfileId!;
    expect((await put("target-acos", { targetAcos: 22.5 })).statusCode).toBe(200);
    expect((await put("marketplaces", { marketplaces: ["DE", "FR"] })).statusCode).toBe(200);
    expect((await put("marketplaces", { marketplaces: ["FR"] })).statusCode).toBe(200);
    const global = await t.request("own", {
      url: `/api/seller_profile_settings?sellerProfile=${profile}`,
    });
    expect(global.json()["hydra:member"][0].values).toEqual({ targetAcos: 22.5 });
    const markets = await t.request("own", {
      url: `/api/marketplace_settings?sellerProfile=${profile}`,
    });
    expect(
      markets
        .json()
        ["hydra:member"].map((m: { marketplace: string; selected: boolean }) => [
          m.marketplace,
          m.selected,
        ]),
    ).toEqual([
      ["DE", false],
      ["FR", true],
    ]);
  });

  it("treats another customer's ids as unknown (404)", async () => {
    const w = await world();
    const foreignPost = await post(
      "/api/collection_settings",
      { collection: `/api/product_collections/${w.bestseller.id}`, values: { targetAcos: 10 } },
      "foreign",
    );
    expect(foreignPost.statusCode).toBe(404);
    const foreignRead = await t.request("foreign", {
      url: `/api/effective_settings?product=${w.de.id}`,
    });
    expect(foreignRead.statusCode).toBe(404);
    const unknown = await t.request("own", {
      url: "/api/effective_settings?product=00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.statusCode).toBe(404);
  });
});
