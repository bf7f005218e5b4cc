import { schema } from "@starport/db";
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from "@starport/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncArrivals } from "../src/arrivals.ts";
import { rowsOf } from "../src/upsert.ts";
import {
  connectedSeller,
  engineFor,
  runToEnd,
  type SandboxHarness,
  startSandbox,
} from "./support/harness.ts";

/**
 * Issue 9: a seller other than the demo seller ("Alpine Goods" on the consent page) imports a
 * business of its own, the run's steps say what arrived, and the placement breakdown of every
 * campaign and day adds up to the campaign's own facts.
 */

const ALPINE = "A1SANDBOXALPINE";
const DAYS = 6;

let h: SandboxHarness;
beforeAll(async () => {
  h = await startSandbox({ countries: ["DE"], days: DAYS, maxProducts: 3 });
});
afterAll(() => h?.close());

describe.each(TEST_DATABASE_KINDS)("on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(() => t?.dispose());

  it("Alpine Goods imports its own campaigns and history, and the run names what arrived", async () => {
    const db = t.connection.db;
    const sellerProfileId = await connectedSeller(db, h, "Alpine GmbH", undefined, ALPINE);
    const engine = engineFor(db, h, { initialReportDays: DAYS });
    const run = await engine.requestSync(sellerProfileId, "initial");
    expect(await runToEnd(engine, run.id)).toBe("succeeded");

    const profiles = await db
      .select()
      .from(schema.advertisingProfiles)
      .where(eq(schema.advertisingProfiles.sellerProfileId, sellerProfileId));
    expect(profiles.map((p) => p.countryCode).sort()).toEqual(["DE", "FR"]);
    const amazonProfiles = new Set(profiles.map((p) => Number(p.amazonProfileId)));
    const truth = h.sandbox.world.entities;
    const count = (m: Map<string, { profileId: number }>) =>
      [...m.values()].filter((e) => amazonProfiles.has(e.profileId)).length;

    const [finished] = await db
      .select()
      .from(schema.syncRuns)
      .where(eq(schema.syncRuns.id, run.id));
    const arrived = syncArrivals(finished?.steps ?? []);
    // The run's result carries it too, so every view of a run (API, events) shows it.
    expect(finished?.result).toEqual({ arrived });
    expect(arrived.campaigns).toBeGreaterThan(0);
    expect(arrived).toMatchObject({
      campaigns: count(truth.campaigns),
      ad_groups: count(truth.adGroups),
      keywords: count(truth.keywords),
      targets: count(truth.targets),
      product_ads: count(truth.productAds),
      negative_keywords: count(truth.negativeKeywords) + count(truth.campaignNegativeKeywords),
      reportDays: DAYS,
    });
    expect(arrived.products).toBe(
      [...h.sandbox.world.products.values()].filter((p) => p.sellerId === ALPINE).length,
    );
    // Steps carry keys and counts (the web words them), not prose.
    const entitySteps = (finished?.steps ?? []).filter((s) => s.what === "campaigns");
    expect(entitySteps.map((s) => s.marketplace).sort()).toEqual(["DE", "FR"]);
    const [stored] = rowsOf<{ n: string | number }>(
      await db.execute(sql`select count(*) as n from campaigns c
        join advertising_profiles p on p.id = c.advertising_profile_id
        where p.seller_profile_id = ${sellerProfileId}`),
    );
    expect(Number(stored?.n)).toBe(arrived.campaigns);

    // The campaigns' placement bid adjustments arrive with them.
    const campaigns = await db
      .select()
      .from(schema.campaigns)
      .where(
        sql`${schema.campaigns.advertisingProfileId} in (${sql.join(
          profiles.map((p) => sql`${p.id}`),
          sql`, `,
        )})`,
      );
    let adjusted = 0;
    for (const c of campaigns) {
      const source = truth.campaigns.get(c.amazonCampaignId);
      const pct = (placement: string) =>
        source?.dynamicBidding.placementBidding.find((p) => p.placement === placement)
          ?.percentage ?? 0;
      expect([
        c.placementTopOfSearchPct,
        c.placementProductPagePct,
        c.placementRestOfSearchPct,
      ]).toEqual([
        pct("PLACEMENT_TOP"),
        pct("PLACEMENT_PRODUCT_PAGE"),
        pct("PLACEMENT_REST_OF_SEARCH"),
      ]);
      if (c.placementTopOfSearchPct + c.placementProductPagePct > 0) adjusted++;
    }
    expect(adjusted).toBeGreaterThan(0);

    // Placement facts of every campaign and day add up to the campaign's facts.
    const comparison = rowsOf<Record<string, string | number | null>>(
      await db.execute(sql`
        with placed as (
          select advertising_profile_id, amazon_campaign_id, date, count(*) as placements,
            sum(impressions) as impressions, sum(clicks) as clicks, sum(cost_micros) as cost,
            sum(orders) as orders, sum(units) as units, sum(sales_micros) as sales
          from ad_placement_daily group by 1, 2, 3
        ), campaign as (
          select f.advertising_profile_id, f.amazon_campaign_id, f.date, f.impressions, f.clicks,
            f.cost_micros as cost, f.orders, f.units, f.sales_micros as sales
          from ad_performance_daily f where f.entity_type = 'campaign'
        )
        select coalesce(p.date, c.date)::text as date, p.placements,
          p.impressions as p_impressions, c.impressions as c_impressions,
          p.clicks as p_clicks, c.clicks as c_clicks, p.cost as p_cost, c.cost as c_cost,
          p.orders as p_orders, c.orders as c_orders, p.units as p_units, c.units as c_units,
          p.sales as p_sales, c.sales as c_sales
        from placed p full join campaign c using (advertising_profile_id, amazon_campaign_id, date)
        join advertising_profiles ap on ap.id = coalesce(p.advertising_profile_id, c.advertising_profile_id)
        where ap.seller_profile_id = ${sellerProfileId}`),
    );
    expect(comparison.length).toBeGreaterThan(DAYS);
    expect(comparison.some((r) => Number(r.placements) > 1)).toBe(true);
    for (const r of comparison)
      for (const m of ["impressions", "clicks", "cost", "orders", "units", "sales"])
        expect([r.date, m, Number(r[`p_${m}`])]).toEqual([r.date, m, Number(r[`c_${m}`])]);
  }, 120_000);
});
