/**
 * The measured effect of a decided recommendation (issue 21 §1, the action center's done tab):
 * an applied bid's keyword contribution profit 14 days after against 14 days before, per month,
 * from facts the test inserts, on the recommendation's read (item and collection); pending before
 * the 14 days are over; none for an open one; tenant-scoped as every read.
 */
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdsFixture, day, insertAdsFixture } from "./support/ads-fixture.ts";
import { type HydraTestApp, IDS, openHydraTestApp } from "./support/hydra-app.ts";

const today = new Date().toISOString().slice(0, 10);
const APPLIED = day(today, -20);
const RECENT = day(today, -5);

describe.each(TEST_DATABASE_KINDS)("measured effect of recommendations on %s", (kind) => {
  let t: HydraTestApp;
  let a: AdsFixture;
  const ids: Record<
    "measured" | "pending" | "open" | "budget" | "keyword" | "negative" | "state",
    string
  > = {
    measured: "",
    pending: "",
    open: "",
    budget: "",
    keyword: "",
    negative: "",
    state: "",
  };

  beforeAll(async () => {
    t = await openHydraTestApp(kind);
    // the fixture's own facts lie years back, outside every window here
    a = await insertAdsFixture(t.db, IDS.profileA, { seed: 7, firstDay: "2020-01-01", days: 2 });
    const kw = a.keywords[0]!;
    const campaign = a.campaigns[0]!;
    const fact = (
      date: string,
      sales: number,
      cost: number,
      entityType = "keyword",
      amazonId = kw.amazonId,
    ) => ({
      advertisingProfileId: a.profileId,
      entityType,
      amazonId,
      date,
      amazonCampaignId: campaign.amazonId,
      amazonAdGroupId: a.adGroups[0]!.amazonId,
      impressions: 100,
      clicks: 10,
      costMicros: cost * 1e6,
      orders: 1,
      units: 1,
      salesMicros: sales * 1e6,
    });
    const facts = [];
    // before: 14 days of 10 € sales, 2 € spend; after: 14 days of 20 € sales, 3 € spend
    for (let i = 1; i <= 14; i++) {
      facts.push(fact(day(APPLIED, -i), 10, 2));
      facts.push(fact(day(APPLIED, i), 20, 3));
    }
    // the day of the change and the days outside the windows do not count
    facts.push(
      fact(APPLIED, 500, 0),
      fact(day(APPLIED, -15), 500, 0),
      fact(day(APPLIED, 15), 500, 0),
    );
    // budget: the campaign 100 → 140 € sales, 20 → 28 € spend a day; a new keyword (Amazon id
    // NEW-KW) 14 € sales, 3 € spend a day after; a paused product ad 5 € sales, 4 € spend before
    const newKeyword = "NEW-KW-4711";
    const ad = a.productAds[0]!;
    for (let i = 1; i <= 14; i++) {
      facts.push(fact(day(APPLIED, -i), 100, 20, "campaign", campaign.amazonId));
      facts.push(fact(day(APPLIED, i), 140, 28, "campaign", campaign.amazonId));
      facts.push(fact(day(APPLIED, i), 14, 3, "keyword", newKeyword));
      facts.push(fact(day(APPLIED, -i), 5, 4, "product_ad", ad.amazonId));
    }
    await t.db.insert(schema.adPerformanceDaily).values(facts);
    // negative: the term cost 3 € and sold 2 € a day before, nothing after (two targets matched it)
    const group = a.adGroups[0]!;
    const term = (date: string, target: string) => ({
      advertisingProfileId: a.profileId,
      amazonTargetId: target,
      searchTerm: "teure kanne",
      date,
      amazonCampaignId: campaign.amazonId,
      amazonAdGroupId: group.amazonId,
      impressions: 50,
      clicks: 3,
      costMicros: 1.5e6,
      orders: 0,
      units: 0,
      salesMicros: 1e6,
    });
    await t.db
      .insert(schema.searchTermDaily)
      .values(
        Array.from({ length: 14 }, (_, i) => [
          term(day(APPLIED, -i - 1), "T1"),
          term(day(APPLIED, -i - 1), "T2"),
        ]).flat(),
      );

    const [run] = await t.db
      .insert(schema.optimiserRuns)
      .values({ sellerProfileId: IDS.profileA, runDate: day(APPLIED, -1), status: "succeeded" })
      .returning();
    const [batch] = await t.db
      .insert(schema.changeBatches)
      .values({ sellerProfileId: IDS.profileA, authorKind: "user", status: "applied" })
      .returning();
    const change = async (appliedAt: Date | null, amazonId: string | null = null) => {
      const [row] = await t.db
        .insert(schema.changes)
        .values({
          batchId: batch!.id,
          sellerProfileId: IDS.profileA,
          advertisingProfileId: a.profileId,
          entityType: "keywords",
          entityId: kw.id,
          field: "bid",
          oldValue: 0.5,
          newValue: 0.6,
          status: appliedAt ? "applied" : "pending",
          appliedAt,
          amazonId,
        })
        .returning();
      return row!.id;
    };
    const rec = async (
      status: "applied" | "open",
      changeId: string | null,
      values: Partial<typeof schema.recommendations.$inferInsert> = {},
    ) => {
      const [row] = await t.db
        .insert(schema.recommendations)
        .values({
          runId: run!.id,
          sellerProfileId: IDS.profileA,
          advertisingProfileId: a.profileId,
          kind: "bid",
          entityType: "keywords",
          entityId: kw.id,
          currentValue: 0.5,
          proposedValue: 0.6,
          reasonCode: "bidOnTarget",
          // the margin share the projection used (the product's break-even ACoS)
          inputs: { breakEvenAcos: 0.4, targetAcos: 0.3 },
          impact: 38,
          impactLow: 12,
          impactHigh: 61,
          status,
          changeId,
          ...values,
        })
        .returning();
      return row!.id;
    };
    const appliedAt = new Date(`${APPLIED}T09:30:00Z`);
    ids.measured = await rec("applied", await change(appliedAt));
    ids.pending = await rec("applied", await change(new Date(`${RECENT}T09:30:00Z`)));
    ids.open = await rec("open", null);
    ids.budget = await rec("applied", await change(appliedAt), {
      kind: "budget",
      entityType: "campaigns",
      entityId: campaign.id,
      currentValue: 50,
      proposedValue: 70,
      reasonCode: "budgetCapped",
      inputs: { breakEvenAcos: 0.25 },
      impact: 45,
    });
    ids.keyword = await rec("applied", await change(appliedAt, newKeyword), {
      kind: "keyword",
      entityType: "ad_groups",
      entityId: group.id,
      adGroupId: group.id,
      currentValue: null,
      proposedValue: { text: "neue kanne", bid: 0.5 },
      reasonCode: "harvestKeyword",
      inputs: { breakEvenAcos: 0.5 },
      impact: null,
    });
    ids.negative = await rec("applied", await change(appliedAt), {
      kind: "negative",
      entityType: "ad_groups",
      entityId: group.id,
      adGroupId: group.id,
      currentValue: null,
      proposedValue: { text: "Teure Kanne" },
      reasonCode: "negativeByProbability",
      inputs: { breakEvenAcos: 0.4 },
      impact: null,
    });
    ids.state = await rec("applied", await change(appliedAt), {
      kind: "state",
      entityType: "product_ads",
      entityId: ad.id,
      currentValue: "ENABLED",
      proposedValue: "PAUSED",
      reasonCode: "pauseOutOfStock",
      inputs: { breakEvenAcos: 0.3 },
      impact: null,
    });
  }, 120_000);
  afterAll(() => t?.dispose());

  it("an applied bid, 14 days on: the keyword's monthly profit after against before, beside the projection", async () => {
    const res = await t.request("own", { url: `/api/recommendations/${ids.measured}` });
    expect(res.statusCode).toBe(200);
    // before: 30 × (10 × 0.4 − 2) = 60 €/month; after: 30 × (20 × 0.4 − 3) = 150 €/month
    expect(res.json()).toMatchObject({
      impact: 38,
      measuredEffect: {
        appliedOn: APPLIED,
        measuredFrom: day(APPLIED, 15),
        before: 60,
        after: 150,
        monthly: 90,
      },
    });
  });

  it("every kind is measured on what it touched: campaign, new keyword, search term, product ad", async () => {
    const effect = async (id: string) =>
      (await t.request("own", { url: `/api/recommendations/${id}` })).json().measuredEffect;
    // budget: 30 × (100 × 0.25 − 20) = 150 → 30 × (140 × 0.25 − 28) = 210
    expect(await effect(ids.budget)).toMatchObject({ before: 150, after: 210, monthly: 60 });
    // new keyword: nothing before, 30 × (14 × 0.5 − 3) = 120 after
    expect(await effect(ids.keyword)).toMatchObject({ before: 0, after: 120, monthly: 120 });
    // negative (its term in any case, over both targets): 30 × (2 × 0.4 − 3) = −66 → 0;
    // 90 € spend saved, 60 € sales lost a month
    expect(await effect(ids.negative)).toMatchObject({
      before: -66,
      after: 0,
      monthly: 66,
      spendSaved: 90,
      salesLost: 60,
    });
    // paused product ad: 30 × (5 × 0.3 − 4) = −75 → 0
    expect(await effect(ids.state)).toMatchObject({ before: -75, after: 0, monthly: 75 });
  });

  it("before its 14 days are over it says when it will be measured; an open one has none", async () => {
    const list = (
      await t.request("own", {
        url: `/api/recommendations?sellerProfile=/api/seller_profiles/${IDS.profileA}&itemsPerPage=10`,
      })
    ).json();
    const byId = new Map(
      (list["hydra:member"] as { id: string; measuredEffect: unknown }[]).map((m) => [m.id, m]),
    );
    expect(byId.size).toBe(7);
    expect(byId.get(ids.pending)?.measuredEffect).toEqual({
      appliedOn: RECENT,
      measuredFrom: day(RECENT, 15),
      monthly: null,
      before: null,
      after: null,
      spendSaved: null,
      salesLost: null,
    });
    expect(byId.get(ids.open)?.measuredEffect).toBeNull();
    expect(byId.get(ids.measured)?.measuredEffect).toMatchObject({ monthly: 90 });
  });

  it("another customer's recommendation is a 404, its effect never read", async () => {
    const res = await t.request("foreign", { url: `/api/recommendations/${ids.measured}` });
    expect(res.statusCode).toBe(404);
  });
});
