/**
 * Issue 10 §7: POST /api/campaign_creations — the wizard's payload is validated as a whole (422 on
 * the field paths, bids and budgets against the marketplace's limits, nothing written), a valid one
 * becomes one pushed batch of creations in parent order, and a foreign profile is a 404.
 */
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChangesHarness, openChangesHarness, SELLER_ID } from "./support/changes-harness.ts";

const DE = "A1PA6795UKMFR9";

describe.each(TEST_DATABASE_KINDS)("campaign creations on %s", (kind) => {
  let h: ChangesHarness;
  let profileId: string;
  let listings: { sku: string; asin: string }[];
  let serial = 0;

  beforeAll(async () => {
    h = await openChangesHarness(kind, { seed: 13 });
    const [profile] = await h.db
      .select()
      .from(schema.advertisingProfiles)
      .where(eq(schema.advertisingProfiles.sellerProfileId, h.sellerProfileId));
    profileId = profile!.id;
    // Two of the seller's listings on DE, as the listings sync stores them.
    listings = [...h.sandbox.state.world.products.values()]
      .filter((p) => p.sellerId === SELLER_ID && p.marketplaceId === DE)
      .slice(0, 2)
      .map((p) => ({ sku: p.sku, asin: p.asin }));
    expect(listings).toHaveLength(2);
    const [account] = await h.db
      .insert(schema.sellerAccounts)
      .values({ sellerProfileId: h.sellerProfileId, name: "EU", sellingPartnerId: SELLER_ID })
      .returning();
    for (const l of listings)
      await h.db.insert(schema.products).values({
        sellerAccountId: account!.id,
        marketplace: "DE",
        marketplaceId: DE,
        sku: l.sku,
        asin: l.asin,
        title: `Produkt ${l.sku}`,
        currency: "EUR",
        status: "Active",
      });
  }, 120_000);
  afterAll(() => h?.dispose());

  const valid = () => ({
    profile: `/api/advertising_profiles/${profileId}`,
    campaign: {
      name: `SP | DE | ${listings[0]!.asin} | Manual ${++serial}`,
      targetingType: "MANUAL",
      state: "ENABLED",
      dailyBudget: 25,
      startDate: "2030-01-01",
      biddingStrategy: "LEGACY_FOR_SALES",
      placementTopOfSearch: 50,
      placementProductPage: 0,
    },
    adGroup: { name: "Anzeigengruppe 1", defaultBid: 0.8 },
    productAds: listings,
    keywords: [
      { text: "teekanne glas", matchType: "EXACT", bid: 0.9 },
      { text: "teekanne glas", matchType: "PHRASE", bid: 0.7 },
    ],
    negativeKeywords: [{ text: "billig", matchType: "NEGATIVE_PHRASE" }],
  });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    h.request({ method: "POST", url: "/api/campaign_creations", payload: body as object, headers });
  const batchCount = async () => (await h.db.select().from(schema.changeBatches)).length;

  it("refuses every violation with a 422 on its field path and writes nothing", async () => {
    const before = await batchCount();
    const cases: [string, (b: ReturnType<typeof valid>) => unknown, string, string?][] = [
      [
        "budget above DE's limit",
        (b) => {
          b.campaign.dailyBudget = 1_000_001;
          return b;
        },
        "campaign.dailyBudget",
        "campaignCreate.violation.budgetOutOfRange",
      ],
      [
        "budget below DE's limit",
        (b) => {
          b.campaign.dailyBudget = 0.5;
          return b;
        },
        "campaign.dailyBudget",
        "campaignCreate.violation.budgetOutOfRange",
      ],
      [
        "keyword bid below the minimum",
        (b) => {
          b.keywords[1]!.bid = 0.01;
          return b;
        },
        "keywords[1].bid",
        "campaignCreate.violation.bidOutOfRange",
      ],
      [
        "default bid above the maximum",
        (b) => {
          b.adGroup.defaultBid = 1000.5;
          return b;
        },
        "adGroup.defaultBid",
        "campaignCreate.violation.bidOutOfRange",
      ],
      [
        "placement over 900 %",
        (b) => {
          b.campaign.placementTopOfSearch = 901;
          return b;
        },
        "campaign.placementTopOfSearch",
        "campaignCreate.violation.placementOutOfRange",
      ],
      [
        "name with <>",
        (b) => {
          b.campaign.name = "<script>";
          return b;
        },
        "campaign.name",
        "campaignCreate.violation.nameInvalidCharacters",
      ],
      [
        "end before start",
        (b) => Object.assign(b, { campaign: { ...b.campaign, endDate: "2029-12-31" } }),
        "campaign.endDate",
        "campaignCreate.violation.endBeforeStart",
      ],
      [
        "a SKU not listed on DE",
        (b) => {
          b.productAds = [{ sku: "NOPE-1", asin: "B000000000" }];
          return b;
        },
        "productAds[0].sku",
        "campaignCreate.violation.unknownProduct",
      ],
      [
        "manual without keywords or targets",
        (b) => {
          b.keywords = [];
          return b;
        },
        "keywords",
        "campaignCreate.violation.missingTargets",
      ],
      [
        "a duplicate keyword",
        (b) => {
          b.keywords.push({ text: "Teekanne Glas", matchType: "EXACT", bid: 1 });
          return b;
        },
        "keywords[2]",
        "campaignCreate.violation.duplicate",
      ],
      [
        "auto without targeting-group bids",
        (b) => {
          b.campaign.targetingType = "AUTO";
          b.keywords = [];
          return b;
        },
        "autoTargetingBids",
        "campaignCreate.violation.required",
      ],
      [
        "a missing name",
        (b) => Object.assign(b, { campaign: { ...b.campaign, name: undefined } }),
        "campaign.name",
      ],
      [
        "an unknown match type",
        (b) => {
          b.keywords[0]!.matchType = "FUZZY";
          return b;
        },
        "keywords[0].matchType",
      ],
      [
        "no products",
        (b) => {
          b.productAds = [];
          return b;
        },
        "productAds",
      ],
    ];
    for (const [what, mutate, path, code] of cases) {
      const response = await post(mutate(valid()));
      expect(response.statusCode, `${what}: ${response.body}`).toBe(422);
      const violations = response.json().violations as { propertyPath: string; code?: string }[];
      const hit = violations.find((v) => v.propertyPath === path);
      expect(hit, `${what}: ${JSON.stringify(violations)}`).toBeDefined();
      if (code) expect(hit!.code, what).toBe(code);
    }
    // Several violations at once are all reported.
    const many = valid();
    many.campaign.dailyBudget = 0;
    many.adGroup.defaultBid = 0;
    const both = (await post(many))
      .json()
      .violations.map((v: { propertyPath: string }) => v.propertyPath);
    expect(both).toEqual(expect.arrayContaining(["campaign.dailyBudget", "adGroup.defaultBid"]));
    // Not JSON objects: 400/422, never 5xx.
    for (const bad of [[], "x", null]) expect((await post(bad)).statusCode).toBeLessThan(500);
    expect(await batchCount()).toBe(before);
    expect(h.queued).toEqual([]);
  });

  it("answers 404 for another customer's profile and for an unknown one", async () => {
    expect((await post(valid(), h.otherHeaders)).statusCode).toBe(404);
    // Administrators too: another customer's data only through impersonation.
    expect((await post(valid(), h.adminHeaders)).statusCode).toBe(404);
    const unknown = {
      ...valid(),
      profile: "/api/advertising_profiles/00000000-0000-4000-8000-000000000000",
    };
    expect((await post(unknown)).statusCode).toBe(404);
  });

  it("turns a valid payload into one pushed batch of creations in parent order", async () => {
    const body = valid();
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(202);
    const batchIri = response.json().batch as string;
    const batchId = batchIri.split("/").pop()!;
    expect(h.queued).toContain(batchId);
    const [batch] = await h.db
      .select()
      .from(schema.changeBatches)
      .where(eq(schema.changeBatches.id, batchId));
    expect(batch).toMatchObject({ status: "pending", total: 7, authorUserId: h.userId });
    const rows = await h.db
      .select()
      .from(schema.changes)
      .where(eq(schema.changes.batchId, batchId))
      .orderBy(asc(schema.changes.createdAt));
    const campaign = rows.find((r) => r.entityType === "campaigns")!;
    const adGroup = rows.find((r) => r.entityType === "ad_groups")!;
    expect(rows.every((r) => r.operation === "create" && r.status === "pending")).toBe(true);
    expect(campaign.parentChangeId).toBeNull();
    expect(campaign.newValue).toMatchObject({
      name: body.campaign.name,
      targetingType: "MANUAL",
      budget: { budget: 25, budgetType: "DAILY" },
      startDate: "2030-01-01",
      dynamicBidding: {
        strategy: "LEGACY_FOR_SALES",
        placementBidding: expect.arrayContaining([{ placement: "PLACEMENT_TOP", percentage: 50 }]),
      },
    });
    expect(adGroup.parentChangeId).toBe(campaign.id);
    expect(adGroup.newValue).toMatchObject({ name: "Anzeigengruppe 1", defaultBid: 0.8 });
    const children = (type: string) => rows.filter((r) => r.entityType === type);
    expect(children("product_ads").map((r) => r.parentChangeId)).toEqual([adGroup.id, adGroup.id]);
    expect(
      children("product_ads")
        .map((r) => (r.newValue as { sku: string }).sku)
        .sort(),
    ).toEqual(listings.map((l) => l.sku).sort());
    expect(children("keywords").map((r) => r.newValue)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ keywordText: "teekanne glas", matchType: "EXACT", bid: 0.9 }),
        expect.objectContaining({ keywordText: "teekanne glas", matchType: "PHRASE", bid: 0.7 }),
      ]),
    );
    expect(children("keywords").every((r) => r.parentChangeId === adGroup.id)).toBe(true);
    expect(children("negative_keywords")).toHaveLength(1);
    expect(children("negative_keywords")[0]!.parentChangeId).toBe(campaign.id);
    expect(children("negative_keywords")[0]!.newValue).toMatchObject({
      keywordText: "billig",
      matchType: "NEGATIVE_PHRASE",
    });

    // The apply job creates it all on Amazon: the sandbox's own entities show it.
    await h.applyQueued();
    const applied = await h.request({ url: batchIri });
    expect(applied.json()).toMatchObject({ status: "applied", applied: 7, failed: 0 });
    const world = h.sandbox.state.world.entities;
    const made = [...world.campaigns.values()].find((c) => c.name === body.campaign.name);
    expect(made).toMatchObject({
      targetingType: "MANUAL",
      budget: { budget: 25 },
      startDate: "2030-01-01",
    });
    expect(made!.dynamicBidding.strategy).toBe("LEGACY_FOR_SALES");
    const group = [...world.adGroups.values()].find((g) => g.campaignId === made!.campaignId);
    expect(group).toMatchObject({ name: "Anzeigengruppe 1", defaultBid: 0.8 });
    const ads = [...world.productAds.values()].filter((a) => a.adGroupId === group!.adGroupId);
    expect(ads.map((a) => a.sku).sort()).toEqual(listings.map((l) => l.sku).sort());
    const kws = [...world.keywords.values()].filter((k) => k.adGroupId === group!.adGroupId);
    expect(kws.map((k) => [k.keywordText, k.matchType, k.bid]).sort()).toEqual([
      ["teekanne glas", "EXACT", 0.9],
      ["teekanne glas", "PHRASE", 0.7],
    ]);
    const negatives = [...world.campaignNegativeKeywords.values()].filter(
      (n) => n.campaignId === made!.campaignId,
    );
    expect(negatives.map((n) => n.keywordText)).toEqual(["billig"]);
    // The same name again is refused before Amazon (it exists now).
    const again = await post(body);
    expect(again.statusCode).toBe(422);
    expect(again.json().violations[0]).toMatchObject({
      propertyPath: "campaign.name",
      code: "campaignCreate.violation.nameTaken",
    });
  });

  it("retries a creation Amazon partly refused without creating anything twice", async () => {
    // A listing Starport knows but Amazon does not: its product ad is refused, the rest is made.
    const [account] = await h.db
      .select()
      .from(schema.sellerAccounts)
      .where(eq(schema.sellerAccounts.sellerProfileId, h.sellerProfileId));
    await h.db.insert(schema.products).values({
      sellerAccountId: account!.id,
      marketplace: "DE",
      marketplaceId: DE,
      sku: "GHOST-SKU-1",
      asin: "B0GHOST001",
      title: "Nicht bei Amazon",
      currency: "EUR",
      status: "Active",
    });
    const body = valid();
    body.productAds = [...listings, { sku: "GHOST-SKU-1", asin: "B0GHOST001" }];
    body.keywords = [{ text: "glas teekanne", matchType: "EXACT", bid: 0.9 }];
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(202);
    const batchIri = response.json().batch as string;
    await h.applyQueued();
    const first = (await h.request({ url: batchIri })).json();
    expect(first).toMatchObject({ status: "partially_applied", failed: 1 });
    const changes = async () =>
      (await h.request({ url: `/api/changes?batch=${encodeURIComponent(batchIri)}` })).json()[
        "hydra:member"
      ] as {
        entityType: string;
        entityLabel: string;
        status: string;
        errorMessage: string | null;
      }[];
    const failed = (await changes()).filter((c) => c.status === "failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ entityType: "product_ads" });
    expect(failed[0]!.errorMessage).toContain("GHOST-SKU-1");

    // Retry: only the refused ad is sent again; nothing that exists is created twice.
    const world = h.sandbox.state.world.entities;
    const made = () => [...world.campaigns.values()].filter((c) => c.name === body.campaign.name);
    const before = {
      adGroups: world.adGroups.size,
      ads: world.productAds.size,
      keywords: world.keywords.size,
    };
    const retried = await h.request({
      method: "POST",
      url: `${batchIri}/push`,
      headers: { "content-type": "application/ld+json" },
      payload: "{}",
    });
    expect(retried.statusCode, retried.body).toBe(202);
    await h.applyQueued();
    expect(made()).toHaveLength(1);
    expect({
      adGroups: world.adGroups.size,
      ads: world.productAds.size,
      keywords: world.keywords.size,
    }).toEqual(before);
    const after = await changes();
    expect(after.filter((c) => c.status === "applied")).toHaveLength(after.length - 1);
  });

  it("sets the four targeting-group bids of an automatic campaign on Amazon", async () => {
    const body = {
      ...valid(),
      campaign: { ...valid().campaign, targetingType: "AUTO" },
      keywords: undefined,
      autoTargetingBids: {
        QUERY_HIGH_REL_MATCHES: 0.9,
        QUERY_BROAD_REL_MATCHES: 0.7,
        ASIN_ACCESSORY_RELATED: 0.5,
        ASIN_SUBSTITUTE_RELATED: 0.4,
      },
    };
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(202);
    const batchId = (response.json().batch as string).split("/").pop()!;
    const targets = await h.db
      .select()
      .from(schema.changes)
      .where(eq(schema.changes.batchId, batchId));
    expect(
      targets
        .filter((r) => r.entityType === "targets")
        .map(
          (r) =>
            r.newValue as { expressionType: string; expression: { type: string }[]; bid: number },
        )
        .map((v) => [v.expressionType, v.expression[0]!.type, v.bid])
        .sort(),
    ).toEqual([
      ["AUTO", "ASIN_ACCESSORY_RELATED", 0.5],
      ["AUTO", "ASIN_SUBSTITUTE_RELATED", 0.4],
      ["AUTO", "QUERY_BROAD_REL_MATCHES", 0.7],
      ["AUTO", "QUERY_HIGH_REL_MATCHES", 0.9],
    ]);
    // Applied: Amazon made the four groups with the ad group; each then gets the wizard's bid.
    await h.applyQueued();
    const applied = await h.db
      .select()
      .from(schema.changes)
      .where(eq(schema.changes.batchId, batchId));
    expect(applied.every((r) => r.status === "applied")).toBe(true);
    const adGroupId = applied.find((r) => r.entityType === "ad_groups")?.amazonId;
    const onAmazon = [...h.sandbox.state.world.entities.targets.values()]
      .filter((t) => t.adGroupId === adGroupId && t.expressionType === "AUTO")
      .map((t) => [t.expression[0]!.type, t.bid])
      .sort();
    expect(onAmazon).toEqual([
      ["ASIN_ACCESSORY_RELATED", 0.5],
      ["ASIN_SUBSTITUTE_RELATED", 0.4],
      ["QUERY_BROAD_REL_MATCHES", 0.7],
      ["QUERY_HIGH_REL_MATCHES", 0.9],
    ]);
    h.queued.length = 0;
  });
});
