/**
 * The action center's header (issue 21): GET /api/recommendation_summaries counts every matching
 * recommendation and sums its projected impact per kind and advertising profile (marketplace,
 * currency) — exact past the 1,000 the queue once read, with the queue's filters, a snoozed one
 * whose day has come counted as open. Tenant scoped: another customer's profile is a 404.
 */
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChangesHarness, openChangesHarness } from "./support/changes-harness.ts";
import { foreignSellerProfile, seedRecommendations } from "./support/recommendation-fixture.ts";

const ROWS = 1_500;
const KINDS = ["bid", "keyword", "negative", "budget"] as const;
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

interface Group {
  kind: string;
  marketplace: string;
  currency: string;
  count: number;
  impact: number | null;
}
interface Row {
  kind: string;
  status: string;
  snoozedUntil: string | null;
  impact: number | null;
  campaignId: string | null;
  marketplace: string;
  currency: string;
}

/** The oracle: what the summary must say, counted here from every row. */
function expected(rows: readonly Row[], keep: (row: Row) => boolean) {
  const byKind: Record<string, number> = {};
  const byMarketplace: Record<string, number> = {};
  const impact: Record<string, number> = {};
  for (const row of rows.filter(keep)) {
    byKind[row.kind] = (byKind[row.kind] ?? 0) + 1;
    byMarketplace[row.marketplace] = (byMarketplace[row.marketplace] ?? 0) + 1;
    if (row.impact !== null) impact[row.currency] = (impact[row.currency] ?? 0) + row.impact;
  }
  return { byKind, byMarketplace, impact };
}

function summarised(groups: readonly Group[]) {
  const byKind: Record<string, number> = {};
  const byMarketplace: Record<string, number> = {};
  const impact: Record<string, number> = {};
  for (const g of groups) {
    byKind[g.kind] = (byKind[g.kind] ?? 0) + g.count;
    byMarketplace[g.marketplace] = (byMarketplace[g.marketplace] ?? 0) + g.count;
    if (g.impact !== null) impact[g.currency] = (impact[g.currency] ?? 0) + g.impact;
  }
  return { byKind, byMarketplace, impact };
}

const isOpen = (row: Row) =>
  row.status === "open" ||
  (row.status === "snoozed" && (row.snoozedUntil === null || row.snoozedUntil <= yesterday));

describe.each(TEST_DATABASE_KINDS)("the action center's summary on %s", (kind) => {
  let h: ChangesHarness;
  let rows: Row[];
  let foreignProfileId: string;
  /** A synced campaign of the seller profile (the filter names a visible one). */
  let CAMPAIGN: string;

  const summary = async (query: string, headers = h.headers) => {
    const response = await h.app.inject({
      method: "GET",
      url: `/api/recommendation_summaries?sellerProfile=${h.sellerProfileId}&pagination=false&${query}`,
      headers,
    });
    return response;
  };
  const groupsOf = async (query: string) => {
    const response = await summary(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json()["hydra:member"] as Group[];
  };
  const closeTo = (actual: Record<string, number>, wanted: Record<string, number>) => {
    expect(Object.keys(actual).sort()).toEqual(Object.keys(wanted).sort());
    for (const [currency, amount] of Object.entries(wanted))
      expect(actual[currency]).toBeCloseTo(amount, 6);
  };

  beforeAll(async () => {
    h = await openChangesHarness(kind);
    const seeded = await seedRecommendations(h.db, h.sellerProfileId, { keywordBids: 3 });
    CAMPAIGN = seeded.find((r) => r.campaignId)!.campaignId!;
    const [it, se] = await h.db
      .insert(schema.advertisingProfiles)
      .values(
        [
          { countryCode: "IT", currency: "EUR", amazonProfileId: "880001" },
          { countryCode: "SE", currency: "SEK", amazonProfileId: "880002" },
        ].map((p) => ({ ...p, sellerProfileId: h.sellerProfileId, timezone: "Europe/Rome" })),
      )
      .returning();
    const [run] = await h.db
      .insert(schema.optimiserRuns)
      .values({ sellerProfileId: h.sellerProfileId, runDate: "2026-11-01", status: "succeeded" })
      .returning();
    const statusOf = (i: number) =>
      i % 10 === 1
        ? { status: "snoozed", snoozedUntil: yesterday }
        : i % 10 === 2
          ? { status: "snoozed", snoozedUntil: "2099-01-01" }
          : i % 50 === 7
            ? { status: "snoozed", snoozedUntil: null }
            : i % 25 === 3
              ? { status: "accepted", snoozedUntil: null }
              : i % 25 === 4
                ? { status: "rejected", snoozedUntil: null }
                : { status: "open", snoozedUntil: null };
    await h.db.insert(schema.recommendations).values(
      Array.from({ length: ROWS }, (_, i) => ({
        runId: run!.id,
        sellerProfileId: h.sellerProfileId,
        advertisingProfileId: (i % 3 === 0 ? se : it)!.id,
        kind: KINDS[i % KINDS.length]!,
        entityType: "keywords",
        entityId: crypto.randomUUID(),
        subject: `row ${i}`,
        campaignId: i % 4 === 0 ? CAMPAIGN : null,
        currentValue: 0.5,
        proposedValue: 0.6,
        reasonCode: "bidOnTarget",
        impact: i % 7 === 0 ? null : (i % 113) - 20.25,
        ...statusOf(i),
      })) as never,
    );
    const ap = schema.advertisingProfiles;
    const rec = schema.recommendations;
    rows = (
      await h.db
        .select({
          kind: rec.kind,
          status: rec.status,
          snoozedUntil: rec.snoozedUntil,
          impact: rec.impact,
          campaignId: rec.campaignId,
          marketplace: ap.countryCode,
          currency: ap.currency,
        })
        .from(rec)
        .innerJoin(ap, eq(ap.id, rec.advertisingProfileId))
        .where(eq(rec.sellerProfileId, h.sellerProfileId))
    ).map((r) => ({ ...r, snoozedUntil: r.snoozedUntil === null ? null : String(r.snoozedUntil) }));
    // Another customer's profile with an open recommendation.
    foreignProfileId = await foreignSellerProfile(h.db);
  }, 120_000);
  afterAll(() => h?.dispose());

  it("counts and sums every open one, past 1,000, a snoozed one back on its day included", async () => {
    const want = expected(rows, isOpen);
    const total = Object.values(want.byKind).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(1000);
    const got = summarised(await groupsOf("queue=open"));
    expect(got.byKind).toEqual(want.byKind);
    expect(got.byMarketplace).toEqual(want.byMarketplace);
    closeTo(got.impact, want.impact);
    // The due snoozed ones (and those without a day) are in it, the waiting ones not.
    const plainOpen = rows.filter((r) => r.status === "open").length;
    const snoozed = rows.filter((r) => r.status === "snoozed");
    const due = snoozed.filter((r) => r.snoozedUntil === yesterday).length;
    const dayless = snoozed.filter((r) => r.snoozedUntil === null).length;
    expect(due).toBeGreaterThan(100);
    expect(dayless).toBeGreaterThan(10);
    expect(total).toBe(plainOpen + due + dayless);
  });

  it("respects the filters: kind, marketplace, campaign, the snoozed and done tabs", async () => {
    const cases: [string, (row: Row) => boolean][] = [
      ["queue=open&kind=bid", (r) => isOpen(r) && r.kind === "bid"],
      ["queue=open&marketplace=SE", (r) => isOpen(r) && r.marketplace === "SE"],
      [
        `queue=open&kind=bid&marketplace=IT&campaign=${CAMPAIGN}`,
        (r) => isOpen(r) && r.kind === "bid" && r.marketplace === "IT" && r.campaignId === CAMPAIGN,
      ],
      ["queue=snoozed", (r) => r.status === "snoozed" && r.snoozedUntil === "2099-01-01"],
      ["queue=done", (r) => ["accepted", "rejected", "applied"].includes(r.status)],
    ];
    for (const [query, keep] of cases) {
      const want = expected(rows, keep);
      expect(Object.keys(want.byKind).length, query).toBeGreaterThan(0);
      const got = summarised(await groupsOf(query));
      expect(got.byKind, query).toEqual(want.byKind);
      expect(got.byMarketplace, query).toEqual(want.byMarketplace);
      closeTo(got.impact, want.impact);
    }
    expect((await summary("queue=later")).statusCode).toBe(400);
    expect((await summary("marketplace=germany")).statusCode).toBe(400);
  });

  it("the list pages the same matches by impact", async () => {
    const want = rows.filter((r) => isOpen(r) && r.marketplace === "SE");
    const response = await h.request({
      url: `/api/recommendations?sellerProfile=${h.sellerProfileId}&queue=open&marketplace=SE&order[impact]=desc&order[createdAt]=desc&itemsPerPage=50&page=2`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body["hydra:totalItems"]).toBe(want.length);
    const impacts = (body["hydra:member"] as { impact: number }[]).map((m) => m.impact);
    const ranked = want
      .map((r) => r.impact)
      .filter((v): v is number => v !== null)
      .sort((a, b) => b - a);
    expect(impacts).toEqual(ranked.slice(50, 100));
  });

  it("'all matching' decides what the header counts, a snoozed one without a day included", async () => {
    const query = "queue=open&kind=budget&marketplace=SE";
    const counted = summarised(await groupsOf(query)).byKind.budget;
    expect(
      rows.some(
        (r) =>
          r.kind === "budget" &&
          r.marketplace === "SE" &&
          r.status === "snoozed" &&
          r.snoozedUntil === null,
      ),
    ).toBe(true);
    const response = await h.app.inject({
      method: "POST",
      url: "/api/recommendation_decisions",
      headers: { ...h.headers, "content-type": "application/json" },
      payload: {
        sellerProfile: `/api/seller_profiles/${h.sellerProfileId}`,
        status: "rejected",
        kind: "budget",
        marketplace: "SE",
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.matched + body.remaining).toBe(counted);
    expect(summarised(await groupsOf(query)).byKind.budget ?? 0).toBe(body.conflicts.length);
  });

  it("another customer's seller profile is 404, mine is 404 to them", async () => {
    const foreign = await h.app.inject({
      method: "GET",
      url: `/api/recommendation_summaries?sellerProfile=${foreignProfileId}`,
      headers: h.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await summary("queue=open", h.otherHeaders)).statusCode).toBe(404);
  });
});
