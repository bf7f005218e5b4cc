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
  const ids: Record<"measured" | "pending" | "open", string> = {
    measured: "",
    pending: "",
    open: "",
  };

  beforeAll(async () => {
    t = await openHydraTestApp(kind);
    // the fixture's own facts lie years back, outside every window here
    a = await insertAdsFixture(t.db, IDS.profileA, { seed: 7, firstDay: "2020-01-01", days: 2 });
    const kw = a.keywords[0]!;
    const campaign = a.campaigns[0]!;
    const fact = (date: string, sales: number, cost: number) => ({
      advertisingProfileId: a.profileId,
      entityType: "keyword",
      amazonId: kw.amazonId,
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
    await t.db.insert(schema.adPerformanceDaily).values(facts);

    const [run] = await t.db
      .insert(schema.optimiserRuns)
      .values({ sellerProfileId: IDS.profileA, runDate: day(APPLIED, -1), status: "succeeded" })
      .returning();
    const [batch] = await t.db
      .insert(schema.changeBatches)
      .values({ sellerProfileId: IDS.profileA, authorKind: "user", status: "applied" })
      .returning();
    const change = async (appliedAt: Date | null) => {
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
        })
        .returning();
      return row!.id;
    };
    const rec = async (status: "applied" | "open", changeId: string | null) => {
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
        })
        .returning();
      return row!.id;
    };
    ids.measured = await rec("applied", await change(new Date(`${APPLIED}T09:30:00Z`)));
    ids.pending = await rec("applied", await change(new Date(`${RECENT}T09:30:00Z`)));
    ids.open = await rec("open", null);
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

  it("before its 14 days are over it says when it will be measured; an open one has none", async () => {
    const list = (
      await t.request("own", {
        url: `/api/recommendations?sellerProfile=/api/seller_profiles/${IDS.profileA}&itemsPerPage=10`,
      })
    ).json();
    const byId = new Map(
      (list["hydra:member"] as { id: string; measuredEffect: unknown }[]).map((m) => [m.id, m]),
    );
    expect(byId.size).toBe(3);
    expect(byId.get(ids.pending)?.measuredEffect).toEqual({
      appliedOn: RECENT,
      measuredFrom: day(RECENT, 15),
      monthly: null,
      before: null,
      after: null,
    });
    expect(byId.get(ids.open)?.measuredEffect).toBeNull();
    expect(byId.get(ids.measured)?.measuredEffect).toMatchObject({ monthly: 90 });
  });

  it("another customer's recommendation is a 404, its effect never read", async () => {
    const res = await t.request("foreign", { url: `/api/recommendations/${ids.measured}` });
    expect(res.statusCode).toBe(404);
  });
});
