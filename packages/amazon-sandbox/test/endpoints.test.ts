import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DEMO_CLIENT } from "../src/auth.ts";
import { createSandbox } from "../src/index.ts";
import { adsSession, DE, SELLER } from "./helpers.ts";

const CAMPAIGN = "application/vnd.spCampaign.v3+json";

describe("LwA consent and tokens", () => {
  it("Ads consent redirects with code/state; code exchange and refresh grant work; reused code fails", async () => {
    const sb = createSandbox({ seed: 1, productsPerMarketplace: 10 });
    const page = await sb.app.inject({
      url: `/ap/oa?client_id=${DEMO_CLIENT.clientId}&scope=advertising::campaign_management&response_type=code&redirect_uri=https://app.example/cb&state=xyz`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Authorise");
    const approve = await sb.app.inject({
      method: "POST",
      url: "/ap/oa",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        client_id: DEMO_CLIENT.clientId,
        redirect_uri: "https://app.example/cb",
        scope: "advertising::campaign_management",
        state: "xyz",
        seller_id: SELLER,
        decision: "allow",
      }).toString(),
    });
    expect(approve.statusCode).toBe(302);
    const loc = new URL(String(approve.headers.location));
    expect(loc.searchParams.get("state")).toBe("xyz");
    const code = loc.searchParams.get("code") ?? "";
    expect(code).not.toBe("");
    const form = (o: Record<string, string>) => ({
      method: "POST" as const,
      url: "/auth/o2/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(o).toString(),
    });
    const creds = { client_id: DEMO_CLIENT.clientId, client_secret: DEMO_CLIENT.clientSecret };
    const tok = await sb.app.inject(
      form({
        grant_type: "authorization_code",
        code,
        redirect_uri: "https://app.example/cb",
        ...creds,
      }),
    );
    expect(tok.statusCode).toBe(200);
    const body = tok.json() as {
      access_token: string;
      refresh_token: string;
      expires_in: number;
      token_type: string;
    };
    expect(body.access_token.startsWith("Atza|")).toBe(true);
    expect(body.refresh_token.startsWith("Atzr|")).toBe(true);
    expect(body.expires_in).toBe(3600);
    const again = await sb.app.inject(form({ grant_type: "authorization_code", code, ...creds }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: "invalid_grant" });
    const ref = await sb.app.inject(
      form({ grant_type: "refresh_token", refresh_token: body.refresh_token, ...creds }),
    );
    expect(ref.statusCode).toBe(200);
    expect((ref.json() as { refresh_token: string }).refresh_token).toBe(body.refresh_token);
    const badSecret = await sb.app.inject(
      form({
        grant_type: "refresh_token",
        refresh_token: body.refresh_token,
        client_id: DEMO_CLIENT.clientId,
        client_secret: "nope",
      }),
    );
    expect(badSecret.statusCode).toBe(401);
    const badRt = await sb.app.inject(
      form({ grant_type: "refresh_token", refresh_token: "Atzr|bogus", ...creds }),
    );
    expect(badRt.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("SP-API consent redirects with spapi_oauth_code, state and selling_partner_id", async () => {
    const sb = createSandbox({
      seed: 1,
      productsPerMarketplace: 10,
      clients: [
        {
          clientId: "c2",
          clientSecret: "s2",
          applicationId: "amzn1.sellerapps.app.x",
          redirectUris: ["https://app.example/sp"],
        },
      ],
    });
    const page = await sb.app.inject({
      url: "/apps/authorize/consent?application_id=amzn1.sellerapps.app.x&state=s1",
    });
    expect(page.statusCode).toBe(200);
    const res = await sb.app.inject({
      method: "POST",
      url: "/apps/authorize/consent",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        application_id: "amzn1.sellerapps.app.x",
        redirect_uri: "https://app.example/sp",
        state: "s1",
        seller_id: SELLER,
      }).toString(),
    });
    const loc = new URL(String(res.headers.location));
    expect(loc.origin + loc.pathname).toBe("https://app.example/sp");
    expect(loc.searchParams.get("state")).toBe("s1");
    expect(loc.searchParams.get("selling_partner_id")).toBe(SELLER);
    const code = loc.searchParams.get("spapi_oauth_code") ?? "";
    const tok = await sb.app.inject({
      method: "POST",
      url: "/auth/o2/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        client_id: "c2",
        client_secret: "s2",
      }).toString(),
    });
    expect(tok.statusCode).toBe(200);
    const at = (tok.json() as { access_token: string }).access_token;
    const parts = await sb.app.inject({
      url: "/sellers/v1/marketplaceParticipations",
      headers: { "x-amz-access-token": at },
    });
    expect(parts.statusCode).toBe(200);
    const ids = (parts.json() as { payload: { marketplace: { id: string } }[] }).payload.map(
      (p) => p.marketplace.id,
    );
    expect(ids).toContain(DE);
    const eu = await sb.app.inject({
      url: "/eu/sellers/v1/marketplaceParticipations",
      headers: { "x-amz-access-token": at },
    });
    expect((eu.json() as { payload: unknown[] }).payload).toHaveLength(2);
    const denied = await sb.app.inject({
      url: "/sellers/v1/marketplaceParticipations",
      headers: { "x-amz-access-token": "Atza|bad" },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ errors: [{ code: "Unauthorized" }] });
  });
});

describe("Ads API", () => {
  it("rejects missing/invalid auth with 401 and wrong content type with 415", async () => {
    const { sb, headers } = await adsSession();
    const noAuth = await sb.app.inject({
      method: "POST",
      url: "/sp/campaigns/list",
      headers: { "content-type": CAMPAIGN },
      payload: "{}",
    });
    expect(noAuth.statusCode).toBe(401);
    expect(noAuth.json()).toMatchObject({ code: "UNAUTHORIZED" });
    const h = headers(CAMPAIGN);
    const { "amazon-advertising-api-scope": _s, ...noScope } = h;
    expect(
      (
        await sb.app.inject({
          method: "POST",
          url: "/sp/campaigns/list",
          headers: noScope,
          payload: "{}",
        })
      ).statusCode,
    ).toBe(401);
    const wrongScope = await sb.app.inject({
      method: "POST",
      url: "/sp/campaigns/list",
      headers: { ...h, "amazon-advertising-api-scope": "123" },
      payload: "{}",
    });
    expect(wrongScope.statusCode).toBe(401);
    const wrongType = await sb.app.inject({
      method: "POST",
      url: "/sp/campaigns/list",
      headers: { ...h, "content-type": "application/json" },
      payload: "{}",
    });
    expect(wrongType.statusCode).toBe(415);
    const badJson = await sb.app.inject({
      method: "POST",
      url: "/sp/campaigns",
      headers: h,
      payload: "{not json",
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: "INVALID_ARGUMENT" });
    const profiles = await sb.app.inject({ url: "/v2/profiles", headers: headers() });
    expect(profiles.statusCode).toBe(200);
    expect(
      (profiles.json() as { accountInfo: { id: string } }[]).every(
        (p) => p.accountInfo.id === SELLER,
      ),
    ).toBe(true);
  });

  it("creates with 207 multi-status (mixed valid/invalid), lists with nextToken paging, archives on delete", async () => {
    const { sb, headers } = await adsSession();
    const h = { ...headers(CAMPAIGN), prefer: "return=representation" };
    const campaigns = [
      {
        name: "A",
        targetingType: "MANUAL",
        state: "ENABLED",
        budget: { budget: 20, budgetType: "DAILY" },
      },
      {
        name: "B",
        targetingType: "SIDEWAYS",
        state: "ENABLED",
        budget: { budget: 20, budgetType: "DAILY" },
      },
      {
        name: "C",
        targetingType: "MANUAL",
        state: "ENABLED",
        budget: { budget: 0.1, budgetType: "DAILY" },
      },
      {
        name: "A",
        targetingType: "MANUAL",
        state: "ENABLED",
        budget: { budget: 20, budgetType: "DAILY" },
      },
      {
        name: "D",
        targetingType: "AUTO",
        state: "PAUSED",
        budget: { budget: 5, budgetType: "DAILY" },
      },
      { targetingType: "MANUAL", state: "ENABLED", budget: { budget: 5, budgetType: "DAILY" } },
    ];
    const res = await sb.app.inject({
      method: "POST",
      url: "/sp/campaigns",
      headers: h,
      payload: JSON.stringify({ campaigns }),
    });
    expect(res.statusCode).toBe(207);
    const body = res.json() as {
      campaigns: {
        success: { index: number; campaignId: string; campaign: { name: string } }[];
        error: {
          index: number;
          errors: { errorType: string; errorValue: Record<string, { reason: string }> }[];
        }[];
      };
    };
    expect(body.campaigns.success.map((s) => s.index)).toEqual([0, 4]);
    expect(body.campaigns.success[0]?.campaign.name).toBe("A");
    const reasons = Object.fromEntries(
      body.campaigns.error.map((e) => [
        e.index,
        Object.values(e.errors[0]?.errorValue ?? {})[0]?.reason,
      ]),
    );
    expect(reasons).toEqual({
      1: "INVALID_ENUM_VALUE",
      2: "BUDGET_TOO_LOW",
      3: "NAME_NOT_UNIQUE",
      5: "MISSING_VALUE",
    });
    // paging
    for (let i = 0; i < 5; i++)
      await sb.app.inject({
        method: "POST",
        url: "/sp/campaigns",
        headers: h,
        payload: JSON.stringify({
          campaigns: [
            {
              name: `P${i}`,
              targetingType: "MANUAL",
              state: "ENABLED",
              budget: { budget: 10, budgetType: "DAILY" },
            },
          ],
        }),
      });
    const seen: string[] = [];
    let next: string | undefined;
    let pages = 0;
    do {
      const r = await sb.app.inject({
        method: "POST",
        url: "/sp/campaigns/list",
        headers: h,
        payload: JSON.stringify({ maxResults: 3, ...(next ? { nextToken: next } : {}) }),
      });
      expect(r.statusCode).toBe(200);
      const j = r.json() as {
        campaigns: { campaignId: string }[];
        nextToken?: string;
        totalResults: number;
      };
      expect(j.totalResults).toBe(7);
      seen.push(...j.campaigns.map((c) => c.campaignId));
      next = j.nextToken;
      pages++;
    } while (next);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(7);
    const badToken = await sb.app.inject({
      method: "POST",
      url: "/sp/campaigns/list",
      headers: h,
      payload: JSON.stringify({ nextToken: "garbage" }),
    });
    expect(badToken.statusCode).toBe(400);
    // the AUTO campaign's ad group gets the four auto clauses
    const autoId = body.campaigns.success[1]?.campaignId ?? "";
    const ag = await sb.app.inject({
      method: "POST",
      url: "/sp/adGroups",
      headers: headers("application/vnd.spAdGroup.v3+json"),
      payload: JSON.stringify({
        adGroups: [
          { campaignId: autoId, name: "g", defaultBid: 0.5, state: "ENABLED" },
          { campaignId: "999", name: "g", defaultBid: 0.5, state: "ENABLED" },
        ],
      }),
    });
    const agBody = ag.json() as {
      adGroups: {
        success: { adGroupId: string }[];
        error: { errors: { errorValue: Record<string, { reason: string }> }[] }[];
      };
    };
    expect(agBody.adGroups.error[0]?.errors[0]?.errorValue.parentEntityError?.reason).toBe(
      "PARENT_ENTITY_NOT_FOUND",
    );
    const tl = await sb.app.inject({
      method: "POST",
      url: "/sp/targets/list",
      headers: headers("application/vnd.spTargetingClause.v3+json"),
      payload: JSON.stringify({
        adGroupIdFilter: { include: [agBody.adGroups.success[0]?.adGroupId] },
      }),
    });
    expect(
      (tl.json() as { targetingClauses: { expressionType: string }[] }).targetingClauses.map(
        (t) => t.expressionType,
      ),
    ).toEqual(["AUTO", "AUTO", "AUTO", "AUTO"]);
    // delete → ARCHIVED, and archived cannot be modified
    const firstId = body.campaigns.success[0]?.campaignId ?? "";
    const del = await sb.app.inject({
      method: "POST",
      url: "/sp/campaigns/delete",
      headers: h,
      payload: JSON.stringify({ campaignIdFilter: { include: [firstId, "1"] } }),
    });
    expect(del.statusCode).toBe(207);
    expect(
      (del.json() as { campaigns: { success: unknown[]; error: unknown[] } }).campaigns.error,
    ).toHaveLength(1);
    const upd = await sb.app.inject({
      method: "PUT",
      url: "/sp/campaigns",
      headers: h,
      payload: JSON.stringify({ campaigns: [{ campaignId: firstId, name: "Z" }] }),
    });
    expect(JSON.stringify(upd.json())).toContain("ARCHIVED_ENTITY_CANNOT_BE_MODIFIED");
  });

  it("reports: create → poll → gzip download; 425 on duplicates; attribution restated on re-fetch", async () => {
    const { sb, headers } = await adsSession();
    sb.control.seedDemoAccount({ days: 14, countries: ["DE"] });
    const h = headers("application/vnd.createasyncreportrequest.v3+json");
    const today = sb.clock.today();
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 7 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const req = {
      startDate: weekAgo,
      endDate: yesterday,
      configuration: {
        adProduct: "SPONSORED_PRODUCTS",
        reportTypeId: "spCampaigns",
        groupBy: ["campaign"],
        columns: [
          "date",
          "campaignId",
          "campaignName",
          "impressions",
          "clicks",
          "cost",
          "purchases7d",
          "sales7d",
        ],
        timeUnit: "DAILY",
        format: "GZIP_JSON",
      },
    };
    const fetchRows = async () => {
      const c = await sb.app.inject({
        method: "POST",
        url: "/reporting/reports",
        headers: h,
        payload: JSON.stringify(req),
      });
      expect(c.statusCode).toBe(200);
      const created = c.json() as { reportId: string; status: string };
      expect(created.status).toBe("PENDING");
      const dup = await sb.app.inject({
        method: "POST",
        url: "/reporting/reports",
        headers: h,
        payload: JSON.stringify(req),
      });
      expect(dup.statusCode).toBe(425);
      expect((dup.json() as { detail: string }).detail).toContain(created.reportId);
      let report: { status: string; url: string | null } = { status: "PENDING", url: null };
      for (let i = 0; i < 5 && report.status !== "COMPLETED"; i++)
        report = (
          await sb.app.inject({ url: `/reporting/reports/${created.reportId}`, headers: headers() })
        ).json() as typeof report;
      expect(report.status).toBe("COMPLETED");
      const url = new URL(report.url ?? "");
      const dl = await sb.app.inject({ url: url.pathname + url.search });
      expect(dl.statusCode).toBe(200);
      return JSON.parse(gunzipSync(dl.rawPayload).toString("utf8")) as {
        date: string;
        clicks: number;
        purchases7d: number;
        campaignId: number;
      }[];
    };
    const rows = await fetchRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(typeof rows[0]?.campaignId).toBe("number");
    const sumFor = (rs: typeof rows, d: string) =>
      rs.filter((r) => r.date === d).reduce((a, r) => a + r.purchases7d, 0);
    const before = sumFor(rows, yesterday);
    sb.control.advance(7);
    const after = sumFor(await fetchRows(), yesterday);
    expect(after).toBeGreaterThan(before);
    const badCols = await sb.app.inject({
      method: "POST",
      url: "/reporting/reports",
      headers: h,
      payload: JSON.stringify({
        ...req,
        configuration: { ...req.configuration, columns: ["nope"] },
      }),
    });
    expect(badCols.statusCode).toBe(400);
  });

  it("keyword and theme-based bid recommendations", async () => {
    const { sb, headers } = await adsSession();
    const asin = [...sb.world.products.values()].find(
      (p) => p.sellerId === SELLER && p.marketplaceId === DE,
    )?.asin;
    const mt = "application/vnd.spkeywordsrecommendation.v4+json";
    const r = await sb.app.inject({
      method: "POST",
      url: "/sp/targets/keywords/recommendations",
      headers: headers(mt),
      payload: JSON.stringify({
        recommendationType: "KEYWORDS_FOR_ASINS",
        asins: [asin],
        maxRecommendations: 10,
      }),
    });
    expect(r.statusCode).toBe(200);
    const list = (
      r.json() as { keywordTargetList: { keyword: string; bidInfo: { bid: number }[] }[] }
    ).keywordTargetList;
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]?.bidInfo[0]?.bid).toBeGreaterThan(5);
    const newAdGroup = {
      recommendationType: "BIDS_FOR_NEW_AD_GROUP",
      asins: [asin],
      bidding: { strategy: "LEGACY_FOR_SALES" },
      targetingExpressions: [
        { type: "CLOSE_MATCH" },
        { type: "KEYWORD_EXACT_MATCH", value: list[0]?.keyword },
      ],
    };
    const bidRecs = (payload: unknown) =>
      sb.app.inject({
        method: "POST",
        url: "/sp/targets/bid/recommendations",
        headers: headers("application/vnd.spthemebasedbidrecommendation.v3+json"),
        payload: JSON.stringify(payload),
      });
    // `bidding` is required for a new ad group (AsinsThemeBasedBidRecommendationRequest)
    for (const bidding of [
      undefined,
      { adjustments: [] },
      { strategy: "SOMETIMES" },
      { strategy: "MANUAL", adjustments: [{ predicate: "PLACEMENT_TOP", percentage: 901 }] },
    ]) {
      const bad = await bidRecs({ ...newAdGroup, bidding });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ code: "400", details: expect.stringMatching(/^bidding/) });
    }
    const b = await bidRecs(newAdGroup);
    expect(b.statusCode).toBe(200);
    const recs = (
      b.json() as {
        bidRecommendations: {
          bidRecommendationsForTargetingExpressions: { bidValues: { suggestedBid: number }[] }[];
        }[];
      }
    ).bidRecommendations[0]?.bidRecommendationsForTargetingExpressions;
    expect(recs).toHaveLength(2);
    expect(recs?.[0]?.bidValues).toHaveLength(3);
  });
});

describe("SP-API", () => {
  async function spSession() {
    const sb = createSandbox({ seed: 3, productsPerMarketplace: 25 });
    const rt = sb.control.issueRefreshToken({ sellerId: SELLER, api: "sp" });
    const tok = await sb.app.inject({
      method: "POST",
      url: "/auth/o2/token",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({
        grant_type: "refresh_token",
        refresh_token: rt,
        client_id: DEMO_CLIENT.clientId,
        client_secret: DEMO_CLIENT.clientSecret,
      }),
    });
    return {
      sb,
      h: { "x-amz-access-token": (tok.json() as { access_token: string }).access_token },
    };
  }
  it("catalog, listings, pricing, fees", async () => {
    const { sb, h } = await spSession();
    const p = [...sb.world.products.values()].find(
      (x) => x.sellerId === SELLER && x.marketplaceId === DE,
    );
    if (!p) throw new Error("no product");
    const cat = await sb.app.inject({
      url: `/catalog/2022-04-01/items/${p.asin}?marketplaceIds=${DE}&includedData=summaries,salesRanks`,
      headers: h,
    });
    expect(cat.statusCode).toBe(200);
    expect(cat.json()).toMatchObject({
      asin: p.asin,
      summaries: [{ marketplaceId: DE, itemName: p.title }],
    });
    // The main image is served by the sandbox itself (a machine without internet shows it).
    const withImages = await sb.app.inject({
      url: `/catalog/2022-04-01/items/${p.asin}?marketplaceIds=${DE}&includedData=images`,
      headers: { ...h, host: "sandbox.test:4100" },
    });
    const link = withImages.json().images[0].images[0].link as string;
    expect(link).toBe(`http://sandbox.test:4100/__sandbox/images/I/${p.asin}.svg`);
    const image = await sb.app.inject({ url: new URL(link).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/svg+xml");
    expect(image.body).toContain(p.asin);
    expect((await sb.app.inject({ url: "/__sandbox/images/I/..%2Fstate" })).statusCode).toBe(404);
    expect(
      (await sb.app.inject({ url: `/catalog/2022-04-01/items/${p.asin}`, headers: h })).statusCode,
    ).toBe(400);
    expect(
      (
        await sb.app.inject({
          url: `/catalog/2022-04-01/items/B000000000?marketplaceIds=${DE}`,
          headers: h,
        })
      ).statusCode,
    ).toBe(404);
    const li = await sb.app.inject({
      url: `/listings/2021-08-01/items/${SELLER}/${encodeURIComponent(p.sku)}?marketplaceIds=${DE}&includedData=summaries,offers`,
      headers: h,
    });
    expect(li.json()).toMatchObject({
      sku: p.sku,
      offers: [{ price: { amount: p.price.toFixed(2) } }],
    });
    const patch = await sb.app.inject({
      method: "PATCH",
      url: `/listings/2021-08-01/items/${SELLER}/${encodeURIComponent(p.sku)}?marketplaceIds=${DE}`,
      headers: { ...h, "content-type": "application/json" },
      payload: JSON.stringify({
        productType: "PRODUCT",
        patches: [
          {
            op: "replace",
            path: "/attributes/purchasable_offer",
            value: [
              {
                marketplace_id: DE,
                currency: "EUR",
                our_price: [{ schedule: [{ value_with_tax: 12.34 }] }],
              },
            ],
          },
        ],
      }),
    });
    expect(patch.json()).toMatchObject({ status: "ACCEPTED" });
    const price = await sb.app.inject({
      url: `/products/pricing/v0/price?MarketplaceId=${DE}&ItemType=Sku&Skus=${encodeURIComponent(p.sku)}`,
      headers: h,
    });
    expect(JSON.stringify(price.json())).toContain("12.34");
    const fees = await sb.app.inject({
      method: "POST",
      url: `/products/fees/v0/items/${p.asin}/feesEstimate`,
      headers: { ...h, "content-type": "application/json" },
      payload: JSON.stringify({
        FeesEstimateRequest: {
          MarketplaceId: DE,
          IsAmazonFulfilled: true,
          Identifier: "r1",
          PriceToEstimateFees: { ListingPrice: { CurrencyCode: "EUR", Amount: 20 } },
        },
      }),
    });
    expect(fees.json()).toMatchObject({
      payload: {
        FeesEstimateResult: {
          Status: "Success",
          FeesEstimate: { TotalFeesEstimate: { CurrencyCode: "EUR" } },
        },
      },
    });
    const badFees = await sb.app.inject({
      method: "POST",
      url: `/products/fees/v0/items/${p.asin}/feesEstimate`,
      headers: { ...h, "content-type": "application/json" },
      payload: "[1,2",
    });
    expect(badFees.statusCode).toBe(400);
  });
  it("merchant listings report: create → poll → document → gzip TSV", async () => {
    const { sb, h } = await spSession();
    const c = await sb.app.inject({
      method: "POST",
      url: "/reports/2021-06-30/reports",
      headers: { ...h, "content-type": "application/json" },
      payload: JSON.stringify({
        reportType: "GET_MERCHANT_LISTINGS_ALL_DATA",
        marketplaceIds: [DE],
      }),
    });
    expect(c.statusCode).toBe(202);
    const { reportId } = c.json() as { reportId: string };
    let r: { processingStatus: string; reportDocumentId?: string } = {
      processingStatus: "IN_QUEUE",
    };
    for (let i = 0; i < 4 && r.processingStatus !== "DONE"; i++)
      r = (
        await sb.app.inject({ url: `/reports/2021-06-30/reports/${reportId}`, headers: h })
      ).json() as typeof r;
    expect(r.processingStatus).toBe("DONE");
    const doc = (
      await sb.app.inject({
        url: `/reports/2021-06-30/documents/${r.reportDocumentId}`,
        headers: h,
      })
    ).json() as { url: string; compressionAlgorithm: string };
    expect(doc.compressionAlgorithm).toBe("GZIP");
    const u = new URL(doc.url);
    const dl = await sb.app.inject({ url: u.pathname + u.search });
    const tsv = gunzipSync(dl.rawPayload).toString("utf8").trim().split("\n");
    expect(tsv[0]?.split("\t")).toContain("seller-sku");
    expect(tsv.length).toBe(26);
  });
});

describe("fault injection", () => {
  it("answers roughly the configured share with 429 + Retry-After, deterministically", async () => {
    const { sb, headers } = await adsSession({
      faults: { rate429: 0.3, retryAfterSeconds: 2, seed: 5 },
    });
    const codes: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 200; i++) {
      const r = await sb.app.inject({ url: "/v2/profiles", headers: headers() });
      codes.push(r.statusCode);
      if (r.statusCode === 429) retryAfter = String(r.headers["retry-after"]);
    }
    const share = codes.filter((c) => c === 429).length / codes.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.4);
    expect(retryAfter).toBe("2");
    expect(codes.every((c) => c === 200 || c === 429)).toBe(true);
    sb.control.setFaults({ rate429: 0, rate5xx: 1 });
    const five = await sb.app.inject({ url: "/v2/profiles", headers: headers() });
    expect(five.statusCode).toBeGreaterThanOrEqual(500);
    sb.control.setFaults({ rate5xx: 0, stuckReports: 1 });
    const res = await sb.app.inject({
      method: "PUT",
      url: "/__sandbox/faults",
      payload: { rate429: 7 },
    });
    expect(res.statusCode).toBe(400);
  });
});
