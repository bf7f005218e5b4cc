/**
 * Behaviour the contract tests cannot reach cheaply: stuck reports, latency injection, access-token
 * expiry on the injected clock, download URLs per Host header, negatives' states, listings ordering.
 */
import { describe, expect, it } from "vitest";
import { adsSession, DE, SELLER, spSession } from "./helpers.ts";

const NEG_KW = "application/vnd.spNegativeKeyword.v3+json";
const CAMPAIGN_NEG_TARGET = "application/vnd.spCampaignNegativeTargetingClause.v3+json";
const CAMPAIGN = "application/vnd.spCampaign.v3+json";
const AD_GROUP = "application/vnd.spAdGroup.v3+json";

async function createSpReport(
  sb: Awaited<ReturnType<typeof spSession>>["sb"],
  h: Record<string, string>,
) {
  const c = await sb.app.inject({
    method: "POST",
    url: "/reports/2021-06-30/reports",
    headers: { ...h, "content-type": "application/json" },
    payload: JSON.stringify({ reportType: "GET_MERCHANT_LISTINGS_ALL_DATA", marketplaceIds: [DE] }),
  });
  expect(c.statusCode).toBe(202);
  return (c.json() as { reportId: string }).reportId;
}

async function pollSpReport(
  sb: Awaited<ReturnType<typeof spSession>>["sb"],
  h: Record<string, string>,
  reportId: string,
  polls: number,
): Promise<{ processingStatus: string; reportDocumentId?: string }> {
  let r = { processingStatus: "" } as { processingStatus: string; reportDocumentId?: string };
  for (let i = 0; i < polls; i++)
    r = (
      await sb.app.inject({ url: `/reports/2021-06-30/reports/${reportId}`, headers: h })
    ).json() as typeof r;
  return r;
}

describe("stuck reports", () => {
  it("a stuck share of SP-API reports stays IN_QUEUE forever; the rest finish", async () => {
    const { sb, h } = await spSession({ faults: { stuckReports: 0.5, seed: 3 } });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await createSpReport(sb, h));
    const statuses: string[] = [];
    for (const id of ids) statuses.push((await pollSpReport(sb, h, id, 6)).processingStatus);
    const stuck = statuses.filter((s) => s === "IN_QUEUE").length;
    const done = statuses.filter((s) => s === "DONE").length;
    expect(stuck + done).toBe(12);
    expect(stuck).toBeGreaterThanOrEqual(2);
    expect(done).toBeGreaterThanOrEqual(2);
    // the same seed gives the same stuck reports
    const again = await spSession({ faults: { stuckReports: 0.5, seed: 3 } });
    const replay: string[] = [];
    for (let i = 0; i < 12; i++) {
      const id = await createSpReport(again.sb, again.h);
      replay.push((await pollSpReport(again.sb, again.h, id, 6)).processingStatus);
    }
    expect(replay).toEqual(statuses);
  });

  it("with stuckReports = 1 an Ads report stays PENDING however often it is polled", async () => {
    const { sb, headers } = await adsSession({ faults: { stuckReports: 1 } });
    const today = sb.clock.today();
    const created = await sb.app.inject({
      method: "POST",
      url: "/reporting/reports",
      headers: headers("application/vnd.createasyncreportrequest.v3+json"),
      payload: JSON.stringify({
        startDate: today,
        endDate: today,
        configuration: {
          adProduct: "SPONSORED_PRODUCTS",
          reportTypeId: "spCampaigns",
          groupBy: ["campaign"],
          columns: ["campaignId", "impressions"],
          timeUnit: "SUMMARY",
          format: "GZIP_JSON",
        },
      }),
    });
    expect(created.statusCode).toBe(200);
    const { reportId } = created.json() as { reportId: string };
    for (let i = 0; i < 8; i++) {
      const r = await sb.app.inject({ url: `/reporting/reports/${reportId}`, headers: headers() });
      expect(r.json()).toMatchObject({ reportId, status: "PENDING", url: null });
    }
  });
});

describe("latency injection", () => {
  it("delays every Amazon answer by roughly latencyMs, but not the control surface", async () => {
    const { sb, headers } = await adsSession();
    const timed = async (url: string, h: Record<string, string> = {}) => {
      const t0 = performance.now();
      const r = await sb.app.inject({ url, headers: h });
      expect(r.statusCode).toBe(200);
      return performance.now() - t0;
    };
    await timed("/v2/profiles", headers()); // warm-up
    const fast = await timed("/v2/profiles", headers());
    sb.control.setFaults({ latencyMs: 250 });
    const slow = [await timed("/v2/profiles", headers()), await timed("/v2/profiles", headers())];
    for (const ms of slow) {
      expect(ms).toBeGreaterThanOrEqual(245);
      expect(ms).toBeLessThan(250 + 1_500); // busy CI machines, but not a second latency
    }
    expect(Math.min(...slow) - fast).toBeGreaterThan(200);
    expect(await timed("/__sandbox/state")).toBeLessThan(200);
  });
});

describe("access tokens on the injected clock", () => {
  it("expire after 3600 s (Ads 401, SP-API 403); a refresh grant issues a working token", async () => {
    let now = Date.parse("2026-11-22T09:00:00Z");
    const clock = () => now;
    const ads = await adsSession({ now: clock });
    const sp = await spSession({ now: clock });
    const adsCall = () => ads.sb.app.inject({ url: "/v2/profiles", headers: ads.headers() });
    const spCall = (token: string) =>
      sp.sb.app.inject({
        url: "/sellers/v1/marketplaceParticipations",
        headers: { "x-amz-access-token": token },
      });
    now += 3599_000;
    expect((await adsCall()).statusCode).toBe(200);
    expect((await spCall(sp.token)).statusCode).toBe(200);
    now += 2_000;
    const expiredAds = await adsCall();
    expect(expiredAds.statusCode).toBe(401);
    expect(expiredAds.json()).toEqual({ code: "401", details: "Access token has expired" });
    const expiredSp = await spCall(sp.token);
    expect(expiredSp.statusCode).toBe(403);
    expect(expiredSp.json()).toMatchObject({
      errors: [{ code: "Unauthorized", details: "The access token you provided has expired." }],
    });
    // refresh tokens do not expire: a refresh grant at the later time gives a token valid from then
    const fresh = await sp.refresh();
    expect(fresh).not.toBe(sp.token);
    expect((await spCall(fresh)).statusCode).toBe(200);
    now += 3599_000;
    expect((await spCall(fresh)).statusCode).toBe(200);
    now += 2_000;
    expect((await spCall(fresh)).statusCode).toBe(403);
  });
});

describe("download URLs", () => {
  it("follow the request's Host header unless a public base URL is set", async () => {
    const { sb, h } = await spSession();
    const reportId = await createSpReport(sb, h);
    const { reportDocumentId } = await pollSpReport(sb, h, reportId, 2);
    const docUrl = async (host: string) =>
      (
        (
          await sb.app.inject({
            url: `/eu/reports/2021-06-30/documents/${reportDocumentId}`,
            headers: { ...h, host },
          })
        ).json() as { url: string }
      ).url;
    const viaHost = new URL(await docUrl("sandbox.test:8123"));
    expect(viaHost.origin).toBe("http://sandbox.test:8123");
    expect(viaHost.pathname).toMatch(/^\/__sandbox\/files\/[\w-]+\.tsv\.gz$/);
    const download = await sb.app.inject({ url: viaHost.pathname + viaHost.search });
    expect(download.statusCode).toBe(200);
    sb.control.setBaseUrl("https://amazon-sandbox.example/");
    expect(await docUrl("sandbox.test:8123")).toMatch(
      /^https:\/\/amazon-sandbox\.example\/__sandbox\/files\//,
    );
    sb.control.setBaseUrl(undefined);
    expect(new URL(await docUrl("other.test")).origin).toBe("http://other.test");
  });
});

describe("SP v3 negatives: states as the model allows them", () => {
  it("create and update store ENABLED, PAUSED and PROPOSED as sent; other values are per-index errors", async () => {
    const { sb, headers } = await adsSession();
    const post = (url: string, mt: string, payload: unknown, method: "POST" | "PUT" = "POST") =>
      sb.app.inject({ method, url, headers: headers(mt), payload: JSON.stringify(payload) });
    const campaign = await post("/sp/campaigns", CAMPAIGN, {
      campaigns: [
        {
          name: "negatives",
          targetingType: "MANUAL",
          state: "PROPOSED",
          budget: { budget: 10, budgetType: "DAILY" },
        },
      ],
    });
    const campaignId = (campaign.json() as { campaigns: { success: { campaignId: string }[] } })
      .campaigns.success[0]?.campaignId;
    expect(sb.world.entities.campaigns.get(campaignId ?? "")?.state).toBe("PROPOSED");
    const group = await post("/sp/adGroups", AD_GROUP, {
      adGroups: [{ campaignId, name: "g", defaultBid: 0.5, state: "ENABLED" }],
    });
    const adGroupId = (group.json() as { adGroups: { success: { adGroupId: string }[] } }).adGroups
      .success[0]?.adGroupId;
    const kw = (keywordText: string, state: unknown) => ({
      campaignId,
      adGroupId,
      keywordText,
      matchType: "NEGATIVE_EXACT",
      state,
    });
    const created = await post("/sp/negativeKeywords", NEG_KW, {
      negativeKeywords: [
        kw("a", "PAUSED"),
        kw("b", "PROPOSED"),
        kw("c", "ARCHIVED"),
        kw("d", "ENABLED"),
      ],
    });
    expect(created.statusCode).toBe(207);
    const body = created.json() as {
      negativeKeywords: {
        success: { index: number; negativeKeywordId: string }[];
        error: { index: number; errors: { errorValue: { rangeError?: { reason: string } } }[] }[];
      };
    };
    expect(body.negativeKeywords.success.map((s) => s.index)).toEqual([0, 1, 3]);
    expect(body.negativeKeywords.error).toHaveLength(1);
    expect(body.negativeKeywords.error[0]?.index).toBe(2);
    expect(body.negativeKeywords.error[0]?.errors[0]?.errorValue.rangeError?.reason).toBe(
      "INVALID_ENUM_VALUE",
    );
    const [a, b, d] = body.negativeKeywords.success.map((s) => s.negativeKeywordId);
    const store = sb.world.entities.negativeKeywords;
    expect([a, b, d].map((id) => store.get(id ?? "")?.state)).toEqual([
      "PAUSED",
      "PROPOSED",
      "ENABLED",
    ]);
    const updated = await post(
      "/sp/negativeKeywords",
      NEG_KW,
      {
        negativeKeywords: [
          { keywordId: a, state: "ENABLED" },
          { keywordId: d, state: "PAUSED" },
          { keywordId: b, state: "DISABLED" },
        ],
      },
      "PUT",
    );
    const u = updated.json() as typeof body;
    expect(u.negativeKeywords.success.map((s) => s.index)).toEqual([0, 1]);
    expect(u.negativeKeywords.error.map((e) => e.index)).toEqual([2]);
    expect([a, b, d].map((id) => store.get(id ?? "")?.state)).toEqual([
      "ENABLED",
      "PROPOSED",
      "PAUSED",
    ]);

    // campaign negative targets: state and expression are updatable
    const competitor = [...sb.world.products.values()].find(
      (p) => p.marketplaceId === DE && p.sellerId === undefined,
    );
    const nt = await post("/sp/campaignNegativeTargets", CAMPAIGN_NEG_TARGET, {
      campaignNegativeTargetingClauses: [
        {
          campaignId,
          expression: [{ type: "ASIN_SAME_AS", value: competitor?.asin }],
          state: "PAUSED",
        },
      ],
    });
    const targetId = (
      nt.json() as {
        campaignNegativeTargetingClauses: {
          success: { campaignNegativeTargetingClauseId: string }[];
        };
      }
    ).campaignNegativeTargetingClauses.success[0]?.campaignNegativeTargetingClauseId;
    const target = sb.world.entities.campaignNegativeTargets.get(targetId ?? "");
    expect(target?.state).toBe("PAUSED");
    await post(
      "/sp/campaignNegativeTargets",
      CAMPAIGN_NEG_TARGET,
      {
        campaignNegativeTargetingClauses: [
          {
            targetId,
            state: "ENABLED",
            expression: [{ type: "ASIN_BRAND_SAME_AS", value: "Acme" }],
          },
        ],
      },
      "PUT",
    );
    expect(target).toMatchObject({
      state: "ENABLED",
      expression: [{ type: "ASIN_BRAND_SAME_AS", value: "Acme" }],
    });

    // archived entities: entityStateError names the entity type
    await post("/sp/negativeKeywords/delete", NEG_KW, {
      negativeKeywordIdFilter: { include: [a] },
    });
    const locked = await post(
      "/sp/negativeKeywords",
      NEG_KW,
      { negativeKeywords: [{ keywordId: a, state: "PAUSED" }] },
      "PUT",
    );
    expect(
      (
        locked.json() as {
          negativeKeywords: { error: { errors: { errorValue: Record<string, unknown> }[] }[] };
        }
      ).negativeKeywords.error[0]?.errors[0]?.errorValue.entityStateError,
    ).toMatchObject({
      reason: "ARCHIVED_ENTITY_CANNOT_BE_MODIFIED",
      entityType: "NEGATIVE_KEYWORD",
    });
  });
});

describe("listings: submissions and ordering", () => {
  it("default search order is lastUpdatedDate DESC; PUT/PATCH move a listing to the top; DELETE removes it", async () => {
    const { sb, h } = await spSession({ productsPerMarketplace: 12 });
    const search = async (query = "") =>
      (
        (
          await sb.app.inject({
            url: `/listings/2021-08-01/items/${SELLER}?marketplaceIds=${DE}&pageSize=20${query}`,
            headers: h,
          })
        ).json() as { items: { sku: string; summaries: { lastUpdatedDate: string }[] }[] }
      ).items;
    const first = await search();
    const stamps = first.map((i) => i.summaries[0]?.lastUpdatedDate ?? "");
    expect(stamps).toEqual([...stamps].sort().reverse());
    const asc = await search("&sortOrder=ASC");
    expect(asc.map((i) => i.sku)).toEqual(first.map((i) => i.sku).reverse());
    const bad = await sb.app.inject({
      url: `/listings/2021-08-01/items/${SELLER}?marketplaceIds=${DE}&sortBy=price`,
      headers: h,
    });
    expect(bad.statusCode).toBe(400);

    const last = first.at(-1)?.sku ?? "";
    const patched = await sb.app.inject({
      method: "PATCH",
      url: `/listings/2021-08-01/items/${SELLER}/${last}?marketplaceIds=${DE}`,
      headers: { ...h, "content-type": "application/json" },
      payload: JSON.stringify({
        productType: "PRODUCT",
        patches: [{ op: "replace", path: "/attributes/item_name", value: [{ value: "Renamed" }] }],
      }),
    });
    expect(patched.json()).toMatchObject({ status: "ACCEPTED", issues: [] });
    expect((await search())[0]?.sku).toBe(last);

    const created = await sb.app.inject({
      method: "PUT",
      url: `/listings/2021-08-01/items/${SELLER}/NEW-SKU-1?marketplaceIds=${DE},A13V1IB3VIYZZH&includedData=identifiers`,
      headers: { ...h, "content-type": "application/json" },
      payload: JSON.stringify({
        productType: "PET_SUPPLIES",
        attributes: {
          item_name: [{ value: "Northwind Dog Bowl" }],
          purchasable_offer: [{ our_price: [{ schedule: [{ value_with_tax: 9.5 }] }] }],
          fulfillment_availability: [{ quantity: 3 }],
        },
      }),
    });
    const sub = created.json() as { status: string; identifiers: { asin: string }[] };
    expect(sub.status).toBe("ACCEPTED");
    expect(sub.identifiers).toHaveLength(2);
    expect(sub.identifiers[0]?.asin).toBe(sub.identifiers[1]?.asin);
    expect((await search())[0]?.sku).toBe("NEW-SKU-1");
    expect(sb.world.skuIndex.get(`${SELLER}|${DE}|NEW-SKU-1`)).toMatchObject({
      price: 9.5,
      stock: 3,
      categoryKey: expect.any(String),
    });

    const del = await sb.app.inject({
      method: "DELETE",
      url: `/listings/2021-08-01/items/${SELLER}/NEW-SKU-1?marketplaceIds=${DE}`,
      headers: h,
    });
    expect(del.json()).toMatchObject({ sku: "NEW-SKU-1", status: "ACCEPTED", issues: [] });
    expect((await search()).map((i) => i.sku)).not.toContain("NEW-SKU-1");
    // still listed in FR: DELETE acts on the requested marketplaces only
    expect(sb.world.skuIndex.get(`${SELLER}|A13V1IB3VIYZZH|NEW-SKU-1`)).toBeDefined();
  });
});
