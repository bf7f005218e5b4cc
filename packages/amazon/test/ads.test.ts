import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { AdsClient, duplicateReportId } from "../src/ads/client.ts";
import {
  AmazonApiError,
  AmazonInputError,
  AmazonReportError,
  AmazonResponseError,
} from "../src/errors.ts";
import { LwaClient } from "../src/lwa.ts";
import { Transport } from "../src/transport.ts";
import { type Handler, json, type RecordedCall, scriptedFetch, virtualClock } from "./helpers.ts";

const token: Handler = () =>
  json(200, { access_token: "Atza|A", expires_in: 3600, token_type: "bearer" });

function setup(...handlers: Handler[]) {
  const fetch = scriptedFetch(token, ...handlers);
  const clock = virtualClock();
  const transport = new Transport({ fetch, now: clock.now, sleep: clock.sleep, random: () => 0.5 });
  const lwa = new LwaClient({
    clientId: "amzn1.application-oa2-client.x",
    clientSecret: "s",
    transport,
  });
  const ads = new AdsClient({ lwa, transport, refreshToken: "Atzr|R", marketplace: "DE" });
  const apiCalls = (): RecordedCall[] => fetch.calls.slice(1);
  return { ads, fetch, clock, apiCalls };
}

describe("AdsClient requests", () => {
  it("picks the regional host from the marketplace and sends the Ads headers", async () => {
    const { ads, apiCalls } = setup(() => json(200, { campaigns: [], totalResults: 0 }));
    expect(ads.host).toBe("https://advertising-api-eu.amazon.com");
    await ads.campaigns.listPage(123, { stateFilter: { include: ["ENABLED"] } });
    const call = apiCalls()[0];
    expect(call?.url).toBe("https://advertising-api-eu.amazon.com/sp/campaigns/list");
    expect(call?.method).toBe("POST");
    expect(call?.headers).toMatchObject({
      authorization: "Bearer Atza|A",
      "amazon-advertising-api-clientid": "amzn1.application-oa2-client.x",
      "amazon-advertising-api-scope": "123",
      "content-type": "application/vnd.spCampaign.v3+json",
      accept: "application/vnd.spCampaign.v3+json",
    });
    expect(JSON.parse(call?.body ?? "")).toEqual({ stateFilter: { include: ["ENABLED"] } });
  });

  it("lists profiles without a Scope header and passes filters", async () => {
    const profile = {
      profileId: 999,
      countryCode: "DE",
      currencyCode: "EUR",
      timezone: "Europe/Paris",
      accountInfo: { marketplaceStringId: "A1PA6795UKMFR9", id: "A2X", type: "seller" },
    };
    const { ads, apiCalls } = setup(() => json(200, [profile]));
    expect(await ads.listProfiles({ profileTypeFilter: ["seller", "vendor"] })).toEqual([profile]);
    const call = apiCalls()[0];
    expect(call?.url).toBe(
      "https://advertising-api-eu.amazon.com/v2/profiles?profileTypeFilter=seller%2Cvendor",
    );
    expect(call?.headers["amazon-advertising-api-scope"]).toBeUndefined();
  });

  it("follows nextToken across pages and stops on a repeated token", async () => {
    const { ads, apiCalls } = setup(
      () =>
        json(200, {
          keywords: [{ keywordId: "1" }, { keywordId: "2" }],
          nextToken: "t1",
          totalResults: 3,
        }),
      () => json(200, { keywords: [{ keywordId: "3" }], nextToken: "" }),
    );
    const all = await ads.keywords.listAll(1, { maxResults: 2 });
    expect(all.map((k) => k.keywordId)).toEqual(["1", "2", "3"]);
    expect(JSON.parse(apiCalls()[1]?.body ?? "")).toEqual({ maxResults: 2, nextToken: "t1" });

    const looping = setup(() => json(200, { keywords: [{ keywordId: "1" }], nextToken: "same" }));
    await expect(looping.ads.keywords.listAll(1)).rejects.toBeInstanceOf(AmazonResponseError);
  });

  it("drops a rejected access token and retries once with a fresh one", async () => {
    const { ads, fetch } = setup(
      () => json(401, { code: "UNAUTHORIZED", message: "token revoked" }),
      () => json(200, { access_token: "Atza|B", expires_in: 3600 }),
      () => json(200, []),
    );
    await expect(ads.listProfiles()).resolves.toEqual([]);
    expect(fetch.calls.map((c) => c.headers.authorization ?? "token")).toEqual([
      "token",
      "Bearer Atza|A",
      "token",
      "Bearer Atza|B",
    ]);
    const denied: Handler = () => json(401, { code: "UNAUTHORIZED", message: "no" });
    const still = setup(denied, token, denied);
    await expect(still.ads.listProfiles()).rejects.toMatchObject({ status: 401 });
    expect(still.fetch.calls).toHaveLength(4);
  });

  it("rejects invalid input before sending anything", async () => {
    const { ads, fetch } = setup();
    await expect(ads.campaigns.create(1, [])).rejects.toBeInstanceOf(AmazonInputError);
    await expect(ads.keywords.delete(1, new Array(1001).fill("1"))).rejects.toBeInstanceOf(
      AmazonInputError,
    );
    await expect(ads.campaigns.listPage("12; drop", {})).rejects.toBeInstanceOf(AmazonInputError);
    expect(fetch.calls).toHaveLength(0);
    expect(
      () =>
        new AdsClient({
          lwa: {} as LwaClient,
          transport: new Transport(),
          refreshToken: "x",
          marketplace: "XX",
        }),
    ).toThrow(AmazonInputError);
  });
});

describe("multi-status (207)", () => {
  it("normalises success and per-index errors, with representation", async () => {
    const { ads, apiCalls } = setup(() =>
      json(207, {
        campaigns: {
          success: [{ index: 0, campaignId: "111", campaign: { campaignId: "111", name: "A" } }],
          error: [
            {
              index: 1,
              errors: [
                {
                  errorType: "duplicateValueError",
                  errorValue: {
                    duplicateValueError: { reason: "NAME_NOT_UNIQUE", message: "dup" },
                  },
                },
              ],
            },
          ],
        },
      }),
    );
    const item = {
      name: "A",
      targetingType: "MANUAL",
      state: "ENABLED",
      budget: { budget: 10, budgetType: "DAILY" },
    } as const;
    const result = await ads.campaigns.create(5, [item, { ...item }], {
      returnRepresentation: true,
    });
    expect(apiCalls()[0]?.headers.prefer).toBe("return=representation");
    expect(result.success).toEqual([
      { index: 0, id: "111", entity: { campaignId: "111", name: "A" } },
    ]);
    expect(result.error).toHaveLength(1);
    expect(result.error[0]?.index).toBe(1);
    expect(result.error[0]?.errors[0]?.errorValue.duplicateValueError?.reason).toBe(
      "NAME_NOT_UNIQUE",
    );
  });

  it("uses each resource's id/entity fields (campaign negative targets use the plural key)", async () => {
    const { ads, apiCalls } = setup(
      () =>
        json(207, {
          campaignNegativeTargetingClauses: {
            success: [
              {
                index: 0,
                campaignNegativeTargetingClauseId: "9",
                campaignNegativeTargetingClauses: { targetId: "9" },
              },
            ],
            error: [],
          },
        }),
      () =>
        json(207, {
          negativeKeywords: { success: [{ index: 0, negativeKeywordId: "7" }], error: [] },
        }),
    );
    const r1 = await ads.campaignNegativeTargets.delete(1, ["9"]);
    expect(r1.success[0]).toEqual({ index: 0, id: "9", entity: { targetId: "9" } });
    expect(JSON.parse(apiCalls()[0]?.body ?? "")).toEqual({
      campaignNegativeTargetIdFilter: { include: ["9"] },
    });
    expect(apiCalls()[0]?.url).toMatch(/\/sp\/campaignNegativeTargets\/delete$/);
    const r2 = await ads.negativeKeywords.update(1, [{ keywordId: "7", state: "PAUSED" }]);
    expect(r2.success[0]?.id).toBe("7");
    expect(apiCalls()[1]?.method).toBe("PUT");
  });

  it("does not retry a create after a 5xx (could duplicate), but retries update/delete", async () => {
    const create = setup(() => json(500, { code: "INTERNAL_ERROR", message: "x" }));
    await expect(
      create.ads.keywords.create(1, [
        { campaignId: "1", adGroupId: "2", keywordText: "k", matchType: "EXACT", state: "ENABLED" },
      ]),
    ).rejects.toBeInstanceOf(AmazonApiError);
    expect(create.apiCalls()).toHaveLength(1);
    const update = setup(
      () => json(500, { code: "INTERNAL_ERROR", message: "x" }),
      () => json(207, { keywords: { success: [{ index: 0, keywordId: "1" }], error: [] } }),
    );
    await expect(
      update.ads.keywords.update(1, [{ keywordId: "1", bid: 0.5 }]),
    ).resolves.toMatchObject({
      success: [{ id: "1" }],
    });
    expect(update.apiCalls()).toHaveLength(2);
  });

  it("rejects a 207 body without the resource key", async () => {
    const { ads } = setup(() => json(207, { unexpected: true }));
    await expect(ads.productAds.delete(1, ["1"])).rejects.toBeInstanceOf(AmazonResponseError);
  });
});

describe("reporting v3", () => {
  const report = (status: string, extra: Record<string, unknown> = {}) => ({
    reportId: "a1b2c3d4-0000-4000-8000-000000000001",
    status,
    startDate: "2026-11-01",
    endDate: "2026-11-07",
    configuration: {},
    createdAt: "x",
    updatedAt: "x",
    ...extra,
  });

  it("resolves a 425 duplicate to the original report", async () => {
    const { ads, apiCalls } = setup(
      () =>
        json(425, {
          code: "425",
          detail: "The Request is a duplicate of : a1b2c3d4-0000-4000-8000-000000000001",
        }),
      () => json(200, report("PROCESSING")),
    );
    const r = await ads.createReport(1, {
      startDate: "2026-11-01",
      endDate: "2026-11-07",
      configuration: {
        adProduct: "SPONSORED_PRODUCTS",
        reportTypeId: "spCampaigns",
        groupBy: ["campaign"],
        columns: ["impressions"],
        timeUnit: "SUMMARY",
        format: "GZIP_JSON",
      },
    });
    expect(r.status).toBe("PROCESSING");
    expect(apiCalls()[0]?.headers["content-type"]).toBe(
      "application/vnd.createasyncreportrequest.v3+json",
    );
    expect(apiCalls()[1]?.url).toMatch(
      /\/reporting\/reports\/a1b2c3d4-0000-4000-8000-000000000001$/,
    );
  });

  it("extracts duplicate ids from the known message shapes", () => {
    expect(duplicateReportId({ detail: "The Request is a duplicate of : abc-123" })).toBe(
      "abc-123",
    );
    expect(
      duplicateReportId({ message: "dup of report 3f1c2d4e-1111-4222-8333-944455556666." }),
    ).toBe("3f1c2d4e-1111-4222-8333-944455556666");
    expect(duplicateReportId({ code: "425", reportId: "r-1" })).toBe("r-1");
    expect(duplicateReportId({ code: "425" })).toBeUndefined();
    expect(duplicateReportId(null)).toBeUndefined();
  });

  it("polls with growing intervals until COMPLETED, and raises on FAILED", async () => {
    const ok = setup(
      () => json(200, report("PENDING")),
      () => json(200, report("PROCESSING")),
      () => json(200, report("COMPLETED", { url: "https://s3.test/r.json.gz" })),
    );
    const done = await ok.ads.waitForReport(1, "id", { initialIntervalMs: 1000 });
    expect(done.url).toBe("https://s3.test/r.json.gz");
    expect(ok.clock.state.sleeps).toEqual([1000, 2000]);

    const failed = setup(() => json(200, report("FAILED", { failureReason: "internal" })));
    await expect(failed.ads.waitForReport(1, "id")).rejects.toBeInstanceOf(AmazonReportError);

    const slow = setup(() => json(200, report("PROCESSING")));
    await expect(
      slow.ads.waitForReport(1, "id", { timeoutMs: 10_000, initialIntervalMs: 1000 }),
    ).rejects.toMatchObject({
      status: "PROCESSING",
    });
  });

  it("downloads without auth headers, gunzips and stream-parses rows", async () => {
    const rows = [
      { campaignId: 158410630682987, impressions: 2216, cost: 14.5 },
      { campaignId: 2, impressions: 0, cost: 0 },
    ];
    const { ads, apiCalls } = setup(
      () => new Response(gzipSync(JSON.stringify(rows)), { status: 200 }),
    );
    const out = [];
    for await (const row of ads.downloadReport({
      reportId: "r",
      url: "https://s3.test/r.json.gz?sig=1",
    }))
      out.push(row);
    expect(out).toEqual(rows);
    expect(apiCalls()[0]?.headers.authorization).toBeUndefined();
    await expect(ads.downloadReport({ reportId: "r", url: null }).next()).rejects.toBeInstanceOf(
      AmazonReportError,
    );
  });

  it("resumes a download cut mid-stream without duplicating rows", async () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({ id: i, clicks: i % 5 }));
    const full = gzipSync(JSON.stringify(rows));
    const cut: Handler = () => {
      const half = full.subarray(0, Math.floor(full.length / 2));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(half));
          controller.error(new TypeError("socket hang up"));
        },
      });
      return new Response(body, { status: 200 });
    };
    const { ads, apiCalls } = setup(cut, () => new Response(full, { status: 200 }));
    const out = [];
    for await (const row of ads.downloadReport({ reportId: "r", url: "https://s3.test/r" }))
      out.push(row);
    expect(out).toEqual(rows);
    expect(apiCalls()).toHaveLength(2);
  });
});

describe("recommendations", () => {
  it("sends the versioned keyword-recommendation media type", async () => {
    const { ads, apiCalls } = setup(() => json(200, { keywordTargetList: [] }));
    const res = await ads.getKeywordRecommendations(1, {
      recommendationType: "KEYWORDS_FOR_ASINS",
      asins: ["B0X"],
      maxRecommendations: 5,
    });
    expect(res.keywordTargetList).toEqual([]);
    expect(apiCalls()[0]?.headers["content-type"]).toBe(
      "application/vnd.spkeywordsrecommendation.v4+json",
    );
    expect(apiCalls()[0]?.url).toMatch(/\/sp\/targets\/keywords\/recommendations$/);
  });

  it("sends the theme-based bid recommendation media type", async () => {
    const { ads, apiCalls } = setup(() => json(200, { bidRecommendations: [] }));
    await ads.getBidRecommendations(1, {
      recommendationType: "BIDS_FOR_EXISTING_AD_GROUP",
      campaignId: "1",
      adGroupId: "2",
      targetingExpressions: [{ type: "CLOSE_MATCH" }],
    });
    expect(apiCalls()[0]?.headers.accept).toBe(
      "application/vnd.spthemebasedbidrecommendation.v3+json",
    );
  });
});
