/** Contract tests: the Ads client against the in-process sandbox (profiles, SP v3 CRUD, paging, 207, recs, reporting). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdsClient } from "../../src/ads/client.ts";
import type { TargetTypes } from "../../src/ads/types.ts";
import { AmazonApiError, AmazonAuthError } from "../../src/errors.ts";
import {
  checkAnswersAgainstModels,
  collect,
  DE,
  FR,
  type Harness,
  SELLER_ID,
  startSandbox,
  US,
} from "./harness.ts";

let h: Harness;
let ads: AdsClient;
let profileId: number;
let product: { sku: string; asin: string };
let other: { asin: string };

beforeAll(async () => {
  h = await startSandbox();
  ads = h.amazon.ads({ refreshToken: h.adsRefreshToken, marketplace: "DE" });
  const mine = [...h.sandbox.world.skuIndex.values()].filter(
    (p) => p.marketplaceId === DE && p.sellerId === SELLER_ID,
  );
  const first = mine[0];
  if (!first) throw new Error("sandbox has no DE products for the demo seller");
  product = { sku: first.sku, asin: first.asin };
  const competitor = [...h.sandbox.world.products.values()].find(
    (p) => p.marketplaceId === DE && p.sellerId === undefined,
  );
  if (!competitor) throw new Error("no competitor product");
  other = { asin: competitor.asin };
  const de = (await ads.listProfiles()).find((p) => p.countryCode === "DE");
  if (!de) throw new Error("the demo seller has no DE profile");
  profileId = de.profileId;
});
afterAll(() => h.close());
checkAnswersAgainstModels(() => h);

describe("GET /v2/profiles", () => {
  it("returns the seller's profiles of the host's region only", async () => {
    const eu = await ads.listProfiles();
    expect(eu.map((p) => p.accountInfo.marketplaceStringId).sort()).toEqual([FR, DE].sort());
    const de = eu.find((p) => p.countryCode === "DE");
    expect(de).toMatchObject({
      currencyCode: "EUR",
      accountInfo: { id: SELLER_ID, type: "seller" },
    });
    expect(typeof de?.profileId).toBe("number");
    expect(de?.profileId).toBe(profileId);

    const na = await h.amazon.ads({ refreshToken: h.adsRefreshToken, region: "NA" }).listProfiles();
    expect(na.map((p) => p.accountInfo.marketplaceStringId)).toEqual([US]);
    expect(
      await h.amazon.ads({ refreshToken: h.adsRefreshToken, region: "FE" }).listProfiles(),
    ).toEqual([]);
    expect(await ads.listProfiles({ profileTypeFilter: ["vendor"] })).toEqual([]);
  });

  it("a profile used on the wrong region host is rejected with AmazonAuthError", async () => {
    const na = h.amazon.ads({ refreshToken: h.adsRefreshToken, region: "NA" });
    const error = await na.campaigns.listPage(profileId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmazonAuthError);
    expect(error).toMatchObject({ status: 401 });
  });
});

describe("Sponsored Products v3 entities", () => {
  const budget = { budget: 25, budgetType: "DAILY" } as const;
  let serial = 0;

  /** A campaign of the calling test's own (names are unique per profile). */
  async function ownCampaign(purpose: string): Promise<string> {
    const name = `${purpose} ${++serial}`;
    const r = await ads.campaigns.create(profileId, [
      { name, targetingType: "MANUAL", state: "ENABLED", budget },
    ]);
    const id = r.success[0]?.id;
    if (!id) throw new Error(`campaign "${name}" was not created: ${JSON.stringify(r.error)}`);
    return id;
  }

  /** A campaign with one ad group, both the calling test's own. */
  async function ownAdGroup(purpose: string): Promise<{ campaign: string; adGroup: string }> {
    const campaign = await ownCampaign(purpose);
    const r = await ads.adGroups.create(profileId, [
      { campaignId: campaign, name: purpose, defaultBid: 0.75, state: "ENABLED" },
    ]);
    const adGroup = r.success[0]?.id;
    if (!adGroup) throw new Error(`ad group "${purpose}" was not created`);
    return { campaign, adGroup };
  }

  it("campaigns: create with per-index errors, list, update, archive", async () => {
    const created = await ads.campaigns.create(
      profileId,
      [
        { name: "Contract manual", targetingType: "MANUAL", state: "ENABLED", budget },
        { name: "Contract manual", targetingType: "MANUAL", state: "ENABLED", budget },
        {
          name: "Contract auto",
          targetingType: "AUTO",
          state: "PAUSED",
          budget: { budget: -1, budgetType: "DAILY" },
        },
        { name: "Contract archive me", targetingType: "MANUAL", state: "ENABLED", budget },
      ],
      { returnRepresentation: true },
    );
    expect(created.success.map((s) => s.index)).toEqual([0, 3]);
    expect(created.success[0]?.entity).toMatchObject({
      name: "Contract manual",
      targetingType: "MANUAL",
      state: "ENABLED",
    });
    expect(created.error.map((e) => e.index)).toEqual([1, 2]);
    const dup = created.error[0]?.errors[0];
    expect(dup?.errorValue.duplicateValueError?.reason).toBe("NAME_NOT_UNIQUE");
    expect(
      created.error[1]?.errors.some((e) => e.errorValue.budgetError || e.errorValue.rangeError),
    ).toBe(true);
    const campaign = created.success[0]?.id ?? "";
    const toArchive = created.success[1]?.id ?? "";
    expect(campaign).toMatch(/^\d+$/);

    const listed = await ads.campaigns.listAll(profileId, {
      campaignIdFilter: { include: [campaign] },
    });
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ campaignId: campaign, budget: { budget: 25 } });

    const updated = await ads.campaigns.update(profileId, [
      { campaignId: campaign, budget: { budget: 40, budgetType: "DAILY" } },
      { campaignId: "999999999", state: "PAUSED" },
    ]);
    expect(updated.success.map((s) => s.id)).toEqual([campaign]);
    expect(updated.error[0]?.errors[0]?.errorValue.entityNotFoundError).toBeDefined();

    const archived = await ads.campaigns.delete(profileId, [toArchive]);
    expect(archived.success).toEqual([{ index: 0, id: toArchive, entity: undefined }]);
    const [after] = await ads.campaigns.listAll(profileId, {
      campaignIdFilter: { include: [toArchive] },
    });
    expect(after?.state).toBe("ARCHIVED");
    const again = await ads.campaigns.update(profileId, [
      { campaignId: toArchive, state: "ENABLED" },
    ]);
    expect(again.error[0]?.errors[0]?.errorValue.entityStateError).toMatchObject({
      reason: "ARCHIVED_ENTITY_CANNOT_BE_MODIFIED",
      entityType: "CAMPAIGN",
    });
  });

  it("ad groups", async () => {
    const campaign = await ownCampaign("Ad groups");
    const r = await ads.adGroups.create(profileId, [
      {
        campaignId: campaign,
        name: "Contract group",
        defaultBid: 0.75,
        state: "ENABLED",
      },
      { campaignId: "123", name: "Orphan", defaultBid: 0.75, state: "ENABLED" },
    ]);
    expect(r.success.map((s) => s.index)).toEqual([0]);
    expect(r.error[0]?.index).toBe(1);
    const adGroup = r.success[0]?.id ?? "";
    const u = await ads.adGroups.update(profileId, [{ adGroupId: adGroup, defaultBid: 0.9 }], {
      returnRepresentation: true,
    });
    expect(u.success[0]?.entity?.defaultBid).toBe(0.9);
    const spare = await ads.adGroups.create(profileId, [
      {
        campaignId: campaign,
        name: "Contract spare group",
        defaultBid: 0.5,
        state: "PAUSED",
      },
    ]);
    const spareId = spare.success[0]?.id ?? "";
    expect((await ads.adGroups.delete(profileId, [spareId])).success[0]?.id).toBe(spareId);
    const list = await ads.adGroups.listAll(profileId, {
      campaignIdFilter: { include: [campaign] },
    });
    expect(list.map((g) => [g.adGroupId, g.state])).toEqual([
      [adGroup, "ENABLED"],
      [spareId, "ARCHIVED"],
    ]);
    const live = await ads.adGroups.listAll(profileId, {
      campaignIdFilter: { include: [campaign] },
      stateFilter: { include: ["ENABLED"] },
    });
    expect(live.map((g) => g.adGroupId)).toEqual([adGroup]);
  });

  it("product ads", async () => {
    const { campaign, adGroup } = await ownAdGroup("Product ads");
    const r = await ads.productAds.create(profileId, [
      {
        campaignId: campaign,
        adGroupId: adGroup,
        sku: product.sku,
        state: "ENABLED",
      },
      {
        campaignId: campaign,
        adGroupId: adGroup,
        sku: "NOT-MY-SKU",
        state: "ENABLED",
      },
    ]);
    expect(r.success).toHaveLength(1);
    expect(r.error[0]?.index).toBe(1);
    const adId = r.success[0]?.id ?? "";
    const [ad] = await ads.productAds.listAll(profileId, { adIdFilter: { include: [adId] } });
    expect(ad).toMatchObject({ sku: product.sku, asin: product.asin, state: "ENABLED" });
    expect(
      (await ads.productAds.update(profileId, [{ adId: adId, state: "PAUSED" }])).success[0]?.id,
    ).toBe(adId);
    const extra = await ads.productAds.create(profileId, [
      {
        campaignId: campaign,
        adGroupId: adGroup,
        asin: product.asin,
        state: "ENABLED",
      },
    ]);
    const extraId = extra.success[0]?.id ?? "";
    const removed = await ads.productAds.delete(profileId, [extraId, "424242"]);
    expect(removed.success.map((x) => x.id)).toEqual([extraId]);
    expect(removed.error.map((e) => e.index)).toEqual([1]);
    const [archived] = await ads.productAds.listAll(profileId, {
      adIdFilter: { include: [extraId] },
    });
    expect(archived?.state).toBe("ARCHIVED");
  });

  it("keywords", async () => {
    const { campaign, adGroup } = await ownAdGroup("Keywords");
    const r = await ads.keywords.create(profileId, [
      {
        campaignId: campaign,
        adGroupId: adGroup,
        keywordText: "contract keyword",
        matchType: "EXACT",
        state: "ENABLED",
        bid: 0.8,
      },
      {
        campaignId: campaign,
        adGroupId: adGroup,
        keywordText: "",
        matchType: "EXACT",
        state: "ENABLED",
      },
    ]);
    expect(r.success).toHaveLength(1);
    expect(r.error[0]?.errors[0]?.errorValue.malformedValueError?.reason).toBe("BLANK");
    const keywordId = r.success[0]?.id ?? "";
    await ads.keywords.update(profileId, [{ keywordId: keywordId, bid: 1.1 }]);
    const [kw] = await ads.keywords.listAll(profileId, {
      keywordIdFilter: { include: [keywordId] },
    });
    expect(kw).toMatchObject({ keywordText: "contract keyword", matchType: "EXACT", bid: 1.1 });
    expect((await ads.keywords.delete(profileId, [keywordId])).success[0]?.id).toBe(keywordId);
  });

  it("negative keywords (ad group and campaign level)", async () => {
    const { campaign, adGroup } = await ownAdGroup("Negative keywords");
    const n = await ads.negativeKeywords.create(profileId, [
      {
        campaignId: campaign,
        adGroupId: adGroup,
        keywordText: "free",
        matchType: "NEGATIVE_EXACT",
        state: "ENABLED",
      },
      {
        campaignId: campaign,
        adGroupId: adGroup,
        keywordText: "cheap",
        matchType: "EXACT" as "NEGATIVE_EXACT",
        state: "ENABLED",
      },
    ]);
    expect(n.success).toHaveLength(1);
    expect(n.error[0]?.index).toBe(1);
    const nid = n.success[0]?.id ?? "";
    const [nk] = await ads.negativeKeywords.listAll(profileId, {
      negativeKeywordIdFilter: { include: [nid] },
    });
    expect(nk).toMatchObject({ keywordId: nid, keywordText: "free", matchType: "NEGATIVE_EXACT" });
    const nkUpdate = await ads.negativeKeywords.update(profileId, [
      { keywordId: nid, state: "PAUSED" },
    ]);
    expect(nkUpdate.success[0]?.id).toBe(nid);
    const [pausedNk] = await ads.negativeKeywords.listAll(profileId, {
      negativeKeywordIdFilter: { include: [nid] },
    });
    expect(pausedNk?.state).toBe("PAUSED");
    expect((await ads.negativeKeywords.delete(profileId, [nid])).success[0]?.id).toBe(nid);

    const c = await ads.campaignNegativeKeywords.create(profileId, [
      {
        campaignId: campaign,
        keywordText: "used",
        matchType: "NEGATIVE_PHRASE",
        state: "PAUSED",
      },
    ]);
    const cid = c.success[0]?.id ?? "";
    expect(cid).toMatch(/^\d+$/);
    const [ck] = await ads.campaignNegativeKeywords.listAll(profileId, {
      campaignNegativeKeywordIdFilter: { include: [cid] },
    });
    expect(ck).toMatchObject({
      keywordText: "used",
      matchType: "NEGATIVE_PHRASE",
      campaignId: campaign,
      state: "PAUSED",
    });
    const ckUpdate = await ads.campaignNegativeKeywords.update(profileId, [
      { keywordId: cid, state: "ENABLED" },
    ]);
    expect(ckUpdate.success[0]?.id).toBe(cid);
    const [enabledCk] = await ads.campaignNegativeKeywords.listAll(profileId, {
      campaignNegativeKeywordIdFilter: { include: [cid] },
    });
    expect(enabledCk?.state).toBe("ENABLED");
    expect((await ads.campaignNegativeKeywords.delete(profileId, [cid])).success[0]?.id).toBe(cid);
  });

  it("targets, negative targets, campaign negative targets", async () => {
    const { campaign, adGroup } = await ownAdGroup("Targets");
    const t = await ads.targets.create(profileId, [
      {
        campaignId: campaign,
        adGroupId: adGroup,
        expression: [{ type: "ASIN_SAME_AS", value: other.asin }],
        expressionType: "MANUAL",
        state: "ENABLED",
        bid: 0.6,
      },
      // Not allowed by the model (AUTO clauses are created by Amazon); sent on purpose to get an error item.
      {
        campaignId: campaign,
        adGroupId: adGroup,
        expression: [{ type: "QUERY_HIGH_REL_MATCHES" }],
        expressionType: "AUTO",
        state: "ENABLED",
      } as unknown as TargetTypes["createItem"],
    ]);
    expect(t.success).toHaveLength(1);
    expect(t.error[0]?.index).toBe(1);
    const tid = t.success[0]?.id ?? "";
    const [target] = await ads.targets.listAll(profileId, { targetIdFilter: { include: [tid] } });
    expect(target).toMatchObject({
      expressionType: "MANUAL",
      bid: 0.6,
      expression: [{ type: "ASIN_SAME_AS", value: other.asin }],
    });
    expect(
      (await ads.targets.update(profileId, [{ targetId: tid, bid: 0.7 }])).success[0]?.id,
    ).toBe(tid);
    expect((await ads.targets.delete(profileId, [tid])).success[0]?.id).toBe(tid);

    const nt = await ads.negativeTargets.create(profileId, [
      {
        campaignId: campaign,
        adGroupId: adGroup,
        expression: [{ type: "ASIN_SAME_AS", value: other.asin }],
        state: "ENABLED",
      },
    ]);
    const ntid = nt.success[0]?.id ?? "";
    expect(ntid).toMatch(/^\d+$/);
    const [negT] = await ads.negativeTargets.listAll(profileId, {
      negativeTargetIdFilter: { include: [ntid] },
    });
    expect(negT).toMatchObject({ targetId: ntid, adGroupId: adGroup });
    const ntUpdate = await ads.negativeTargets.update(profileId, [
      { targetId: ntid, state: "PAUSED" },
    ]);
    expect(ntUpdate.success[0]?.id).toBe(ntid);
    const [pausedNt] = await ads.negativeTargets.listAll(profileId, {
      negativeTargetIdFilter: { include: [ntid] },
    });
    expect(pausedNt?.state).toBe("PAUSED");
    expect((await ads.negativeTargets.delete(profileId, [ntid])).success[0]?.id).toBe(ntid);

    const cnt = await ads.campaignNegativeTargets.create(
      profileId,
      [
        {
          campaignId: campaign,
          expression: [{ type: "ASIN_SAME_AS", value: other.asin }],
          state: "PAUSED",
        },
      ],
      { returnRepresentation: true },
    );
    const cntid = cnt.success[0]?.id ?? "";
    expect(cntid).toMatch(/^\d+$/);
    expect(cnt.success[0]?.entity).toMatchObject({
      targetId: cntid,
      campaignId: campaign,
      state: "PAUSED",
    });
    const [cNegT] = await ads.campaignNegativeTargets.listAll(profileId, {
      campaignNegativeTargetIdFilter: { include: [cntid] },
    });
    expect(cNegT?.targetId).toBe(cntid);
    const cntUpdate = await ads.campaignNegativeTargets.update(profileId, [
      { targetId: cntid, state: "ENABLED" },
    ]);
    expect(cntUpdate.success[0]?.id).toBe(cntid);
    const [enabledCnt] = await ads.campaignNegativeTargets.listAll(profileId, {
      campaignNegativeTargetIdFilter: { include: [cntid] },
    });
    expect(enabledCnt?.state).toBe("ENABLED");
    expect((await ads.campaignNegativeTargets.delete(profileId, [cntid])).success[0]?.id).toBe(
      cntid,
    );
  });

  it("list paging follows nextToken and an invalid token is a typed 400", async () => {
    const names = Array.from({ length: 23 }, (_, i) => `Paging ${String(i).padStart(2, "0")}`);
    const created = await ads.campaigns.create(
      profileId,
      names.map((name) => ({
        name,
        targetingType: "MANUAL" as const,
        state: "PAUSED" as const,
        budget,
      })),
    );
    expect(created.error).toEqual([]);
    const own = created.success.map((c) => c.id);
    const filter = {
      campaignIdFilter: { include: own },
      stateFilter: { include: ["PAUSED" as const] },
      maxResults: 5,
    };
    const first = await ads.campaigns.listPage(profileId, filter);
    expect(first.items).toHaveLength(5);
    expect(first.nextToken).toBeDefined();
    expect(first.totalResults).toBe(23);
    const all = await ads.campaigns.listAll(profileId, filter);
    expect(all.map((c) => c.name).sort()).toEqual(names);
    expect(new Set(all.map((c) => c.campaignId)).size).toBe(23);

    const error = await ads.campaigns
      .listPage(profileId, filter, "not-a-token")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmazonApiError);
    expect(error).toMatchObject({ status: 400, code: "INVALID_ARGUMENT" });
  });
});

describe("media types", () => {
  it("v3 entity endpoints require their vendor media type (415 otherwise)", async () => {
    const error = await ads
      .call(profileId, {
        operation: "test.wrongMediaType",
        method: "POST",
        path: "/sp/campaigns/list",
        mediaType: "application/json",
        body: {},
        idempotent: true,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmazonApiError);
    expect(error).toMatchObject({ status: 415, code: "UNSUPPORTED_MEDIA_TYPE" });
  });
});

describe("recommendations", () => {
  it("keyword recommendations v3, v4 and v5", async () => {
    const request = {
      recommendationType: "KEYWORDS_FOR_ASINS" as const,
      asins: [product.asin],
      maxRecommendations: 5,
    };
    const v4 = await ads.getKeywordRecommendations(profileId, request);
    expect(v4.keywordTargetList?.length).toBeGreaterThan(0);
    const first = v4.keywordTargetList?.[0];
    expect(typeof first?.keyword).toBe("string");
    expect(first?.bidInfo?.[0]?.suggestedBid?.suggested).toBeGreaterThan(0);
    const v5 = await ads.getKeywordRecommendations(profileId, request, { version: "v5" });
    expect(v5.keywordTargetList?.[0]?.bidInfo?.[0]?.theme).toBe("CONVERSION_OPPORTUNITIES");
    const v3 = (await ads.getKeywordRecommendations(profileId, request, {
      version: "v3",
    })) as unknown;
    expect(Array.isArray(v3) ? v3.length : 0).toBeGreaterThan(0);
  });

  it("theme-based bid recommendations for a new ad group", async () => {
    const res = await ads.getBidRecommendations(profileId, {
      recommendationType: "BIDS_FOR_NEW_AD_GROUP",
      asins: [product.asin],
      bidding: {
        strategy: "AUTO_FOR_SALES",
        adjustments: [{ predicate: "PLACEMENT_TOP", percentage: 50 }],
      },
      targetingExpressions: [
        { type: "CLOSE_MATCH" },
        { type: "KEYWORD_EXACT_MATCH", value: "contract" },
      ],
    });
    const theme = res.bidRecommendations?.[0];
    expect(theme?.bidRecommendationsForTargetingExpressions).toHaveLength(2);
    const values =
      theme?.bidRecommendationsForTargetingExpressions?.[0]?.bidValues?.map(
        (b) => b.suggestedBid ?? 0,
      ) ?? [];
    expect(values).toHaveLength(3);
    expect(values[0]).toBeLessThanOrEqual(values[1] ?? 0);
  });

  it("recommendation errors are typed", async () => {
    const error = await ads
      .getKeywordRecommendations(profileId, { recommendationType: "KEYWORDS_FOR_ASINS", asins: [] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmazonApiError);
    expect(error).toMatchObject({ status: 400, code: "400" });
  });
});

describe("reporting v3", () => {
  const request = (today: string) => {
    const end = new Date(`${today}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() - 1);
    const start = new Date(end);
    start.setUTCDate(start.getUTCDate() - 6);
    return {
      name: "contract campaigns",
      startDate: start.toISOString().slice(0, 10),
      endDate: end.toISOString().slice(0, 10),
      configuration: {
        adProduct: "SPONSORED_PRODUCTS" as const,
        reportTypeId: "spCampaigns",
        groupBy: ["campaign"],
        columns: ["campaignId", "campaignName", "impressions", "clicks", "cost", "date"],
        timeUnit: "DAILY" as const,
        format: "GZIP_JSON" as const,
      },
    };
  };

  // Every report test reads the history of the demo account.
  beforeAll(() => {
    const demo = h.sandbox.control.seedDemoAccount({ countries: ["DE"], days: 10, maxProducts: 4 });
    expect(demo.profileIds).toContain(profileId);
  });

  it("create → poll → download gzip JSON → stream-parse rows", async () => {
    const req = request(h.sandbox.control.today());
    const created = await ads.createReport(profileId, req);
    expect(created.status).toBe("PENDING");
    expect(created.url ?? null).toBeNull();
    const done = await ads.waitForReport(profileId, created.reportId, { initialIntervalMs: 20 });
    expect(done.status).toBe("COMPLETED");
    expect(done.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const rows = await collect(ads.downloadReport(done));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual([...req.configuration.columns].sort());
      expect(typeof row.campaignId).toBe("number");
      expect(row.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    // the same rows through the one-call lifecycle
    const again = await collect(
      ads.runReport(profileId, { ...req, name: "again" }, { initialIntervalMs: 20 }),
    );
    expect(again).toEqual(rows);
  });

  it("a duplicate create (425) resolves to the report already being generated", async () => {
    const req = { ...request(h.sandbox.control.today()), name: "duplicate" };
    req.configuration = { ...req.configuration, columns: ["campaignId", "clicks", "date"] };
    const first = await ads.createReport(profileId, req);
    const second = await ads.createReport(profileId, req);
    expect(second.reportId).toBe(first.reportId);
    expect(["PENDING", "PROCESSING"]).toContain(second.status);
    const done = await ads.waitForReport(profileId, first.reportId, { initialIntervalMs: 20 });
    expect((await collect(ads.downloadReport(done))).length).toBeGreaterThan(0);
  });

  it("a pending report can be deleted", async () => {
    const req = { ...request(h.sandbox.control.today()), name: "to delete" };
    req.configuration = { ...req.configuration, columns: ["campaignId", "impressions", "date"] };
    const created = await ads.createReport(profileId, req);
    await ads.deleteReport(profileId, created.reportId);
    const error = await ads.getReport(profileId, created.reportId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmazonApiError);
    expect(error).toMatchObject({ status: 404 });
  });

  it("invalid report requests are typed errors", async () => {
    const req = request(h.sandbox.control.today());
    const error = await ads
      .createReport(profileId, {
        ...req,
        configuration: { ...req.configuration, columns: ["nope"] },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmazonApiError);
    expect(error).toMatchObject({ status: 400, code: "400" });
  });
});
