/**
 * Edit then accept (issue 21 §1): a seller accepts a recommendation with another value (a bid; a
 * new keyword's bid and match type, a negative's match type). The edit is validated as an edit by
 * hand (the change use cases' violations, 422, nothing staged), and the recommendation keeps what
 * was proposed beside what was accepted.
 */
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChangesHarness, openChangesHarness } from "./support/changes-harness.ts";
import { type RecommendationRow, seedRecommendations } from "./support/recommendation-fixture.ts";

const PATCH = { "content-type": "application/merge-patch+json" };

describe.each(TEST_DATABASE_KINDS)("edit then accept a recommendation on %s", (kind) => {
  let h: ChangesHarness;
  let recs: RecommendationRow[];
  const of = (k: string, n = 0) => recs.filter((r) => r.kind === k)[n]!;
  const decide = (id: string, payload: Record<string, unknown>) =>
    h.request({ method: "PATCH", url: `/api/recommendations/${id}`, headers: PATCH, payload });
  const changeCount = async () => (await h.db.select({ n: count() }).from(schema.changes))[0]!.n;

  beforeAll(async () => {
    h = await openChangesHarness(kind);
    recs = await seedRecommendations(h.db, h.sellerProfileId);
    expect(recs.filter((r) => r.kind === "bid").length).toBe(2);
  }, 120_000);
  afterAll(() => h?.dispose());

  it("accepts a bid with another value: the change has it, the row keeps both", async () => {
    const rec = of("bid");
    const edited = Math.round(((rec.proposedValue as number) - 0.07) * 100) / 100;
    const accepted = await decide(rec.id, { status: "accepted", acceptedValue: edited });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: "accepted",
      proposedValue: rec.proposedValue,
      acceptedValue: edited,
    });
    const change = (await h.request({ url: accepted.json().change })).json();
    expect(change).toMatchObject({ entity: rec.entityId, field: "bid", newValue: edited });
  });

  it("accepting without an edit records the proposed value as accepted", async () => {
    const rec = of("bid", 1);
    const accepted = await decide(rec.id, { status: "accepted" });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().acceptedValue).toBe(rec.proposedValue);
  });

  it("an edited bid Amazon would refuse is the edit's 422, nothing staged, still open", async () => {
    const [rec] = await seedRecommendations(h.db, h.sellerProfileId, {
      keywordBids: 1,
      creations: 0,
    });
    const before = await changeCount();
    for (const value of [5000, 0.001, "viel"]) {
      const refused = await decide(rec!.id, { status: "accepted", acceptedValue: value });
      expect(refused.statusCode, String(value)).toBe(422);
      expect(refused.json().violations[0].propertyPath).toBe("acceptedValue");
    }
    expect(await changeCount()).toBe(before);
    const [row] = await h.db
      .select()
      .from(schema.recommendations)
      .where(eq(schema.recommendations.id, rec!.id));
    expect(row).toMatchObject({ status: "open", acceptedValue: null, changeId: null });
    const rejected = await decide(rec!.id, { status: "rejected", acceptedValue: 0.5 });
    expect(rejected.statusCode).toBe(422);
  });

  it("a new keyword is accepted with another bid and match type", async () => {
    const rec = of("keyword");
    const accepted = await decide(rec.id, {
      status: "accepted",
      acceptedValue: { bid: 0.55, matchType: "PHRASE" },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      proposedValue: { bid: 0.62 },
      acceptedValue: { text: rec.subject, bid: 0.55, matchType: "PHRASE" },
    });
    const change = (await h.request({ url: accepted.json().change })).json();
    expect(change.newValue).toMatchObject({
      keywordText: rec.subject,
      matchType: "PHRASE",
      bid: 0.55,
    });
  });

  it("a negative takes a negative match type only", async () => {
    const rec = of("negative");
    const before = await changeCount();
    const refused = await decide(rec.id, {
      status: "accepted",
      acceptedValue: { matchType: "EXACT" },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations[0].propertyPath).toBe("acceptedValue.matchType");
    const unknownField = await decide(rec.id, {
      status: "accepted",
      acceptedValue: { matchType: "NEGATIVE_PHRASE", text: "anders" },
    });
    expect(unknownField.statusCode).toBe(422);
    expect(await changeCount()).toBe(before);
    const accepted = await decide(rec.id, {
      status: "accepted",
      acceptedValue: { matchType: "NEGATIVE_PHRASE" },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().acceptedValue).toMatchObject({ matchType: "NEGATIVE_PHRASE" });
  });

  it("a pause is accepted as another state: the change pushes the seller's, the row keeps both", async () => {
    const bid = of("bid");
    const [rec] = await h.db
      .insert(schema.recommendations)
      .values({
        runId: bid.runId,
        sellerProfileId: bid.sellerProfileId,
        advertisingProfileId: bid.advertisingProfileId,
        kind: "state",
        entityType: "keywords",
        entityId: bid.entityId,
        adGroupId: bid.adGroupId,
        campaignId: bid.campaignId,
        currentValue: "ENABLED",
        proposedValue: "PAUSED",
        reasonCode: "pauseOutOfStock",
        reasonParams: { entityLabel: "ausverkauft" },
      })
      .returning();
    const before = await changeCount();
    // the state it has: nothing to push, a rejection; a state Amazon does not know
    for (const [value, code] of [
      ["ENABLED", "changes.violation.stateUnchanged"],
      ["GELÖSCHT", "changes.violation.invalidState"],
    ] as const) {
      const refused = await decide(rec!.id, { status: "accepted", acceptedValue: value });
      expect(refused.statusCode, value).toBe(422);
      expect(refused.json().violations[0]).toMatchObject({ propertyPath: "acceptedValue", code });
    }
    expect(await changeCount()).toBe(before);
    const accepted = await decide(rec!.id, { status: "accepted", acceptedValue: "ARCHIVED" });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: "accepted",
      proposedValue: "PAUSED",
      acceptedValue: "ARCHIVED",
    });
    const change = (await h.request({ url: accepted.json().change })).json();
    expect(change).toMatchObject({
      entity: bid.entityId,
      field: "state",
      oldValue: "ENABLED",
      newValue: "ARCHIVED",
      reasonCode: "pauseOutOfStock",
    });
  });
});
