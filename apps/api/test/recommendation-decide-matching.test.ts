/**
 * Bulk decision over every match (issue 21 §1): POST /api/recommendation_decisions decides every
 * open recommendation of the seller profile that matches the queue's filters, each on its own:
 * one whose entity changed since is a conflict (nothing staged, still open), the rest accepted.
 * Tenant scoped: another customer's rows are never touched, another customer's profile is 404.
 */
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChangesHarness, openChangesHarness } from "./support/changes-harness.ts";
import {
  foreignSellerProfile,
  type RecommendationRow,
  seedRecommendations,
} from "./support/recommendation-fixture.ts";

const JSON_BODY = { "content-type": "application/json" };

describe.each(TEST_DATABASE_KINDS)("deciding every matching recommendation on %s", (kind) => {
  let h: ChangesHarness;
  let mine: RecommendationRow[];
  let foreign: RecommendationRow[];
  let foreignProfileId: string;
  const statusOf = async (ids: string[]) =>
    Object.fromEntries(
      (
        await h.db
          .select({ id: schema.recommendations.id, status: schema.recommendations.status })
          .from(schema.recommendations)
          .where(inArray(schema.recommendations.id, ids))
      ).map((r) => [r.id, r.status]),
    );

  beforeAll(async () => {
    h = await openChangesHarness(kind);
    mine = await seedRecommendations(h.db, h.sellerProfileId, { keywordBids: 4 });
    // Another customer's profile with open recommendations of the same kinds.
    foreignProfileId = await foreignSellerProfile(h.db);
    const [ads] = await h.db
      .insert(schema.advertisingProfiles)
      .values({
        sellerProfileId: foreignProfileId,
        amazonProfileId: "999",
        countryCode: "DE",
        currency: "EUR",
        timezone: "Europe/Berlin",
      })
      .returning();
    const [run] = await h.db
      .insert(schema.optimiserRuns)
      .values({ sellerProfileId: foreignProfileId, runDate: "2026-11-01", status: "succeeded" })
      .returning();
    foreign = await h.db
      .insert(schema.recommendations)
      .values(
        [0, 1].map((i) => ({
          runId: run!.id,
          sellerProfileId: foreignProfileId,
          advertisingProfileId: ads!.id,
          kind: "bid" as const,
          entityType: "keywords",
          entityId: mine[i]!.entityId,
          subject: "fremd",
          currentValue: 0.5,
          proposedValue: 0.6,
          reasonCode: "bidDiscovery",
          impact: 99,
        })),
      )
      .returning();
  }, 120_000);
  afterAll(() => h?.dispose());

  const decide = (payload: Record<string, unknown>, headers = h.headers) =>
    h.app.inject({
      method: "POST",
      url: "/api/recommendation_decisions",
      headers: { ...headers, ...JSON_BODY },
      payload,
    });

  it("another customer's profile is 404 and nothing of theirs or mine is decided", async () => {
    const refused = await decide({
      sellerProfile: `/api/seller_profiles/${foreignProfileId}`,
      status: "rejected",
    });
    expect(refused.statusCode).toBe(404);
    const theirs = await decide(
      { sellerProfile: `/api/seller_profiles/${h.sellerProfileId}`, status: "rejected" },
      h.otherHeaders,
    );
    expect(theirs.statusCode).toBe(404);
    const all = await statusOf([...mine, ...foreign].map((r) => r.id));
    expect(Object.values(all).every((s) => s === "open")).toBe(true);
  });

  it("bad input is a 400/422, nothing decided", async () => {
    const sellerProfile = `/api/seller_profiles/${h.sellerProfileId}`;
    for (const payload of [
      { sellerProfile, status: "applied" },
      { sellerProfile, status: "accepted", kind: "price" },
      { sellerProfile, status: "accepted", marketplace: "germany" },
      { sellerProfile, status: "snoozed" },
    ]) {
      const response = await decide(payload);
      expect([400, 422], JSON.stringify(payload)).toContain(response.statusCode);
    }
    expect(Object.values(await statusOf(mine.map((r) => r.id))).every((s) => s === "open")).toBe(
      true,
    );
  });

  it("accepts every bid match; the one changed since is a conflict; other kinds and customers untouched", async () => {
    const bids = mine.filter((r) => r.kind === "bid");
    expect(bids.length).toBeGreaterThanOrEqual(3);
    // The first keyword's bid was edited by hand since the proposal.
    const changed = bids[0]!;
    await h.db
      .update(schema.keywords)
      .set({ bidMicros: 3_330_000 } as never)
      .where(eq(schema.keywords.id, changed.entityId));
    const nothing = await decide({
      sellerProfile: `/api/seller_profiles/${h.sellerProfileId}`,
      status: "accepted",
      kind: "bid",
      marketplace: "FR",
    });
    expect(nothing.json()).toMatchObject({ matched: 0, decided: [], conflicts: [] });

    const response = await decide({
      sellerProfile: `/api/seller_profiles/${h.sellerProfileId}`,
      status: "accepted",
      kind: "bid",
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.matched).toBe(bids.length);
    expect(body.conflicts).toEqual([
      expect.objectContaining({ id: `/api/recommendations/${changed.id}`, status: 409 }),
    ]);
    expect(body.conflicts[0].message).toContain("changed since");
    expect(body.decided.sort()).toEqual(
      bids
        .slice(1)
        .map((r) => `/api/recommendations/${r.id}`)
        .sort(),
    );
    const status = await statusOf([...mine, ...foreign].map((r) => r.id));
    expect(status[changed.id]).toBe("open");
    for (const r of bids.slice(1)) expect(status[r.id]).toBe("accepted");
    for (const r of mine.filter((x) => x.kind !== "bid")) expect(status[r.id]).toBe("open");
    for (const r of foreign) expect(status[r.id], "a foreign row").toBe("open");
    // Nothing staged for the conflict; one change per accepted one.
    const changes = await h.db.select().from(schema.changes);
    expect(changes.some((c) => c.entityId === changed.entityId)).toBe(false);
    expect(changes.filter((c) => c.field === "bid").length).toBe(bids.length - 1);
  });
});
