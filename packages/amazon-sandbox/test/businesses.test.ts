import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DEMO_CLIENT } from "../src/auth.ts";
import { createSandbox, type Sandbox, SELLER_SPECS } from "../src/index.ts";
import type { World } from "../src/world.ts";

/**
 * Item 10 of issue 9: every seller on the consent pages has its own business (catalogue,
 * campaigns, history), built on first use and deterministic; and the placement breakdown
 * (spCampaigns grouped by campaignPlacement) adds up to the campaigns.
 */

const OTHERS = SELLER_SPECS.filter((s) => !s.main);
const ALPINE = "A1SANDBOXALPINE";

function profilesOf(world: World, sellerId: string) {
  return world.profiles.filter((p) => p.sellerId === sellerId);
}

/** Everything a seller's business holds, as a digest independent of Map order. */
function businessDigest(world: World, sellerId: string): string {
  const ids = new Set(profilesOf(world, sellerId).map((p) => p.profileId));
  const parts: string[] = [];
  for (const [kind, map] of Object.entries(world.entities))
    for (const e of [...(map as Map<string, { profileId: number }>).values()]
      .filter((x) => ids.has(x.profileId))
      .map((x) => JSON.stringify(x))
      .sort())
      parts.push(`${kind}:${e}`);
  for (const id of [...ids].sort()) parts.push(JSON.stringify(world.facts.get(id) ?? []));
  return createHash("sha256").update(parts.join("\n")).digest("hex");
}

async function accessToken(sb: Sandbox, sellerId: string): Promise<string> {
  const rt = sb.control.issueRefreshToken({ sellerId, api: "ads" });
  const res = await sb.app.inject({
    method: "POST",
    url: "/auth/o2/token",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: rt,
      client_id: DEMO_CLIENT.clientId,
      client_secret: DEMO_CLIENT.clientSecret,
    }).toString(),
  });
  return (res.json() as { access_token: string }).access_token;
}

function adsHeaders(token: string, profileId: number, mediaType?: string) {
  return {
    authorization: `Bearer ${token}`,
    "amazon-advertising-api-clientid": DEMO_CLIENT.clientId,
    "amazon-advertising-api-scope": String(profileId),
    ...(mediaType ? { "content-type": mediaType, accept: mediaType } : {}),
  };
}

describe("every sandbox seller has a business", () => {
  it("each seller on the consent page gets its own catalogue, campaigns and history on first use", async () => {
    const sb = createSandbox({ seed: 21, productsPerMarketplace: 40 });
    sb.control.seedDemoAccount({ countries: ["DE"], days: 6, maxProducts: 4 });
    const consent = await sb.app.inject({
      url: `/apps/authorize/consent?application_id=${DEMO_CLIENT.applicationId}&redirect_uri=${encodeURIComponent("http://localhost/cb")}&state=s`,
    });
    for (const spec of OTHERS) {
      expect(consent.body).toContain(spec.sellerId);
      // Nothing is built until the seller is used: start-up stays as fast as before.
      expect(sb.world.businesses.get(spec.sellerId)).toBe("pending");
    }
    for (const spec of OTHERS) {
      const token = await accessToken(sb, spec.sellerId);
      const profiles = profilesOf(sb.world, spec.sellerId);
      expect(profiles.length).toBe(spec.countries.length);
      for (const profile of profiles) {
        const list = await sb.app.inject({
          method: "POST",
          url: "/sp/campaigns/list",
          headers: adsHeaders(token, profile.profileId, "application/vnd.spCampaign.v3+json"),
          payload: "{}",
        });
        expect(list.statusCode).toBe(200);
        const campaigns = (list.json() as { campaigns: { campaignId: string }[] }).campaigns;
        expect(campaigns.length).toBeGreaterThan(0);
        // Its own categories and size, and a history from the world's first day.
        const products = [...sb.world.products.values()].filter(
          (p) => p.sellerId === spec.sellerId && p.marketplaceId === profile.marketplaceId,
        );
        expect(products.length).toBe(Math.min(spec.products, 40));
        expect(new Set(products.map((p) => p.categoryKey))).toEqual(new Set(spec.categories));
        const days = sb.world.facts.get(profile.profileId) ?? [];
        expect(days.filter((d) => d && d.length > 0).length).toBe(6);
      }
      expect(sb.world.businesses.get(spec.sellerId)).toBe("ready");
    }
    const state = (await sb.app.inject({ url: "/__sandbox/state" })).json() as {
      sellers: { sellerId: string; business: string }[];
    };
    expect(state.sellers.every((s) => s.business === "ready")).toBe(true);
    // The calendar alone, as Starport reads it for every page, follows the clock.
    const todayOf = async () =>
      ((await sb.app.inject({ url: "/__sandbox/today" })).json() as { today: string }).today;
    const before = await todayOf();
    expect(before).toBe(sb.clock.today());
    await sb.app.inject({ method: "POST", url: "/__sandbox/clock/advance", payload: { days: 1 } });
    expect(await todayOf()).not.toBe(before);
    expect(await todayOf()).toBe(sb.clock.today());
    // Businesses differ from seller to seller.
    const [a, b] = OTHERS.map((s) => businessDigest(sb.world, s.sellerId));
    expect(a).not.toBe(b);
  }, 60_000);

  it("a business is the same whenever it is built (deterministic, own ids and seed)", async () => {
    const early = createSandbox({ seed: 5, productsPerMarketplace: 20 });
    early.control.seedDemoAccount({ countries: ["DE"], days: 2, maxProducts: 3 });
    await early.control.buildBusinesses();
    early.control.advance(4);

    const late = createSandbox({ seed: 5, productsPerMarketplace: 20 });
    late.control.seedDemoAccount({ countries: ["DE"], days: 6, maxProducts: 3 });
    // Two calls at once wait for the same build.
    const token = await accessToken(late, ALPINE);
    const profile = profilesOf(late.world, ALPINE)[0];
    const headers = adsHeaders(
      token,
      profile?.profileId ?? 0,
      "application/vnd.spCampaign.v3+json",
    );
    const [r1, r2] = await Promise.all([
      late.app.inject({ method: "POST", url: "/sp/campaigns/list", headers, payload: "{}" }),
      late.app.inject({ method: "POST", url: "/sp/campaigns/list", headers, payload: "{}" }),
    ]);
    expect(r1.json()).toEqual(r2.json());

    expect(businessDigest(late.world, ALPINE)).toBe(businessDigest(early.world, ALPINE));
    const other = createSandbox({ seed: 6, productsPerMarketplace: 20 });
    other.control.seedDemoAccount({ countries: ["DE"], days: 6, maxProducts: 3 });
    await other.control.buildBusinesses();
    expect(businessDigest(other.world, ALPINE)).not.toBe(businessDigest(late.world, ALPINE));
  }, 60_000);
});

describe("placement breakdown (spCampaigns by campaignPlacement)", () => {
  it("carries the campaigns' placement adjustments and adds up to the campaign report", async () => {
    const sb = createSandbox({ seed: 8, productsPerMarketplace: 20 });
    sb.control.seedDemoAccount({ countries: ["DE"], days: 8, maxProducts: 6 });
    const profile = profilesOf(sb.world, "A3SANDBOXDEMO01").find(
      (p) => p.marketplaceId === "A1PA6795UKMFR9",
    );
    if (!profile) throw new Error("no DE profile");
    const adjusted = [...sb.world.entities.campaigns.values()].filter(
      (c) => c.dynamicBidding.placementBidding.length > 0,
    );
    expect(adjusted.length).toBeGreaterThan(0);

    const token = await accessToken(sb, "A3SANDBOXDEMO01");
    const mediaType = "application/vnd.createasyncreportrequest.v3+json";
    const today = sb.clock.today();
    const day = (n: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const report = async (groupBy: string[], columns: string[]) => {
      const created = await sb.app.inject({
        method: "POST",
        url: "/reporting/reports",
        headers: adsHeaders(token, profile.profileId, mediaType),
        payload: JSON.stringify({
          startDate: day(8),
          endDate: day(1),
          configuration: {
            adProduct: "SPONSORED_PRODUCTS",
            reportTypeId: "spCampaigns",
            groupBy,
            columns: ["date", "campaignId", ...columns, "impressions", "clicks", "cost", "sales7d"],
            timeUnit: "DAILY",
            format: "GZIP_JSON",
          },
        }),
      });
      if (created.statusCode !== 200) return { status: created.statusCode, rows: [] };
      const id = (created.json() as { reportId: string }).reportId;
      let r: { status: string; url: string | null } = { status: "PENDING", url: null };
      for (let i = 0; i < 5 && r.status !== "COMPLETED"; i++)
        r = (
          await sb.app.inject({
            url: `/reporting/reports/${id}`,
            headers: adsHeaders(token, profile.profileId),
          })
        ).json() as typeof r;
      const url = new URL(r.url ?? "");
      const dl = await sb.app.inject({ url: url.pathname + url.search });
      return {
        status: 200,
        rows: JSON.parse(gunzipSync(dl.rawPayload).toString("utf8")) as Record<string, unknown>[],
      };
    };
    const campaigns = await report(["campaign"], []);
    const placements = await report(["campaign", "campaignPlacement"], ["placementClassification"]);
    expect(placements.rows.length).toBeGreaterThan(campaigns.rows.length);
    expect(new Set(placements.rows.map((r) => r.placementClassification))).toEqual(
      new Set(["Top of Search on-Amazon", "Rest of Search on-Amazon", "Detail Page on-Amazon"]),
    );
    const key = (r: Record<string, unknown>) => `${r.date}|${r.campaignId}`;
    const sums = new Map<
      string,
      { impressions: number; clicks: number; cost: number; sales: number }
    >();
    for (const r of placements.rows) {
      const s = sums.get(key(r)) ?? { impressions: 0, clicks: 0, cost: 0, sales: 0 };
      s.impressions += Number(r.impressions);
      s.clicks += Number(r.clicks);
      s.cost += Number(r.cost);
      s.sales += Number(r.sales7d);
      sums.set(key(r), s);
    }
    expect(sums.size).toBe(campaigns.rows.length);
    for (const r of campaigns.rows) {
      const s = sums.get(key(r));
      expect(s?.impressions).toBe(r.impressions);
      expect(s?.clicks).toBe(r.clicks);
      expect(Math.round((s?.cost ?? 0) * 100)).toBe(Math.round(Number(r.cost) * 100));
      expect(Math.round((s?.sales ?? 0) * 100)).toBe(Math.round(Number(r.sales7d) * 100));
    }
    // Without the placement grouping, there is no placement column (as on Amazon).
    expect((await report(["campaign"], ["placementClassification"])).status).toBe(400);
  }, 60_000);
});
