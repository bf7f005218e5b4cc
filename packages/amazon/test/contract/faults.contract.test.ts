/**
 * Fault test (client level): with the sandbox answering 20 % of Amazon requests with 429 (Retry-After)
 * or 500/503 and every answer delayed, the clients must produce exactly the fault-free data.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AmazonApiError, AmazonReportError } from "../../src/errors.ts";
import { createAmazon, type RetryEvent } from "../../src/index.ts";
import { collect, DE, type Harness, SELLER_ID, startSandbox } from "./harness.ts";
import { unexpectedViolations } from "./schema-check.ts";

let h: Harness;
let profileId: number;

beforeAll(async () => {
  h = await startSandbox();
  const demo = h.sandbox.control.seedDemoAccount({ countries: ["DE"], days: 10, maxProducts: 4 });
  profileId = demo.profileIds[0] ?? 0;
});
afterAll(() => h.close());

function reportRequest(today: string) {
  const end = new Date(`${today}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() - 1);
  const start = new Date(end);
  start.setUTCDate(start.getUTCDate() - 6);
  return {
    startDate: start.toISOString().slice(0, 10),
    endDate: end.toISOString().slice(0, 10),
    configuration: {
      adProduct: "SPONSORED_PRODUCTS" as const,
      reportTypeId: "spTargeting",
      groupBy: ["targeting"],
      columns: [
        "campaignId",
        "adGroupId",
        "keywordId",
        "targeting",
        "impressions",
        "clicks",
        "cost",
        "date",
      ],
      timeUnit: "DAILY" as const,
      format: "GZIP_JSON" as const,
    },
  };
}

/** Everything the app reads from Amazon, through fresh clients (so token fetches are exposed to faults too). */
async function snapshot(onRetry?: (e: RetryEvent) => void) {
  const amazon = createAmazon({
    clientId: h.amazon.lwa.clientId,
    clientSecret: "amzn1.oa2-cs.v1.starport-sandbox-demo-secret",
    endpoints: h.endpoints,
    fetch: h.schema.wrap((input, init) => fetch(input, init)),
    retry: { baseDelayMs: 100, maxDelayMs: 1_000, maxAttempts: 8 },
    timeoutMs: 5_000,
    ...(onRetry ? { onRetry } : {}),
  });
  const ads = amazon.ads({ refreshToken: h.adsRefreshToken, marketplace: "DE" });
  const sp = amazon.sp({ refreshToken: h.spRefreshToken, marketplace: "DE" });
  const poll = { initialIntervalMs: 20, maxIntervalMs: 100 };

  const profiles = await ads.listProfiles();
  const campaigns = await ads.campaigns.listAll(profileId, { maxResults: 5 });
  const adGroups = await ads.adGroups.listAll(profileId, { maxResults: 5 });
  const keywords = await ads.keywords.listAll(profileId, { maxResults: 25 });
  const targets = await ads.targets.listAll(profileId, { maxResults: 20 });
  const productAds = await ads.productAds.listAll(profileId, { maxResults: 10 });
  const report = await collect(
    ads.runReport(profileId, reportRequest(h.sandbox.control.today()), poll),
  );

  const participations = await sp.getMarketplaceParticipations();
  const listings = await collect(
    sp.iterateListingsItems(SELLER_ID, {
      marketplaceIds: [DE],
      pageSize: 10,
      includedData: ["summaries", "offers"],
    }),
  );
  const firstAsin = listings[0]?.summaries?.[0]?.asin ?? "";
  const catalogItem = await sp.getCatalogItem(firstAsin, {
    marketplaceIds: [DE],
    includedData: ["summaries", "salesRanks"],
  });
  // SP-API createReport is deliberately not retried on 5xx by the client (it could create a second
  // report); the caller decides. A scheduler would simply try again, as here.
  let merchantListings: Record<string, string>[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      merchantListings = await collect(sp.merchantListings([DE], poll));
      break;
    } catch (error) {
      if (!(error instanceof AmazonApiError) || error.status < 500 || attempt >= 5) throw error;
    }
  }
  return {
    profiles,
    campaigns,
    adGroups,
    keywords,
    targets,
    productAds,
    report,
    participations,
    listings,
    catalogItem,
    merchantListings,
  };
}

describe("under faults (20 % 429/5xx, slow answers)", () => {
  it("paging, reads and report downloads yield exactly the fault-free data", async () => {
    const clean = await snapshot();
    expect(clean.campaigns.length).toBeGreaterThan(5);
    expect(clean.keywords.length).toBeGreaterThan(25);
    expect(clean.targets.length).toBeGreaterThan(20);
    expect(clean.report.length).toBeGreaterThan(0);
    expect(clean.merchantListings.length).toBe(clean.listings.length);

    h.sandbox.control.setFaults({
      rate429: 0.1,
      rate5xx: 0.1,
      latencyMs: 30,
      retryAfterSeconds: 1,
      seed: 5,
    });
    const retries: RetryEvent[] = [];
    const faulty = await snapshot((e) => retries.push(e));
    h.sandbox.control.setFaults({ rate429: 0, rate5xx: 0, latencyMs: 0 });

    expect(faulty).toEqual(clean);
    const reasons = new Set(retries.map((r) => r.reason));
    expect(reasons.has("HTTP 429")).toBe(true);
    expect([...reasons].some((r) => r === "HTTP 500" || r === "HTTP 503")).toBe(true);
    // Retry-After: 1 was honoured for every 429
    for (const r of retries.filter((x) => x.reason === "HTTP 429"))
      expect(r.delayMs).toBeGreaterThanOrEqual(1000);
    // injected 429/5xx bodies included: every answer matched Amazon's models
    expect(h.schema.checked.size).toBeGreaterThanOrEqual(10);
    expect(unexpectedViolations(h.schema.violations)).toEqual([]);
  }, 60_000);
});

describe("stuck reports", () => {
  it("a report that never leaves PENDING / IN_QUEUE ends the client's wait with AmazonReportError", async () => {
    h.sandbox.control.setFaults({ stuckReports: 1 });
    try {
      const poll = { initialIntervalMs: 20, maxIntervalMs: 40, timeoutMs: 400 };
      const sp = h.amazon.sp({ refreshToken: h.spRefreshToken, marketplace: "DE" });
      const { reportId } = await sp.createReport({
        reportType: "GET_MERCHANT_LISTINGS_ALL_DATA",
        marketplaceIds: [DE],
      });
      const spError = await sp.waitForReport(reportId, poll).catch((e: unknown) => e);
      expect(spError).toBeInstanceOf(AmazonReportError);
      expect(spError).toMatchObject({ reportId, status: "IN_QUEUE" });
      expect((await sp.getReport(reportId)).processingStatus).toBe("IN_QUEUE");

      const ads = h.amazon.ads({ refreshToken: h.adsRefreshToken, marketplace: "DE" });
      const created = await ads.createReport(profileId, {
        ...reportRequest(h.sandbox.control.today()),
        name: "stuck",
      });
      const adsError = await ads
        .waitForReport(profileId, created.reportId, poll)
        .catch((e: unknown) => e);
      expect(adsError).toBeInstanceOf(AmazonReportError);
      expect(adsError).toMatchObject({ reportId: created.reportId, status: "PENDING" });
    } finally {
      h.sandbox.control.setFaults({ stuckReports: 0 });
    }
    expect(unexpectedViolations(h.schema.violations)).toEqual([]);
  });
});
