/**
 * The action center's order (issue 21 §1): recommendations by projected impact, highest first,
 * the ones without a projection last in either direction (the queue shows a page at a time by
 * impact: unprojected ones first would push the best ones off the first pages).
 */
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChangesHarness, openChangesHarness } from "./support/changes-harness.ts";
import { seedRecommendations } from "./support/recommendation-fixture.ts";

describe.each(TEST_DATABASE_KINDS)("the queue's order on %s", (kind) => {
  let h: ChangesHarness;
  beforeAll(async () => {
    h = await openChangesHarness(kind);
    const [unprojected] = await seedRecommendations(h.db, h.sellerProfileId, { keywordBids: 3 });
    await h.db
      .update(schema.recommendations)
      .set({ impact: null })
      .where(eq(schema.recommendations.id, unprojected!.id));
  }, 120_000);
  afterAll(() => h?.dispose());

  for (const direction of ["desc", "asc"] as const)
    it(`order[impact]=${direction}: unprojected last`, async () => {
      const list = await h.request({
        url: `/api/recommendations?sellerProfile=${h.sellerProfileId}&status[]=open&status[]=snoozed&order[impact]=${direction}`,
      });
      expect(list.statusCode).toBe(200);
      const impacts = list.json()["hydra:member"].map((m: { impact: number | null }) => m.impact);
      expect(impacts.length).toBeGreaterThan(3);
      expect(impacts.at(-1)).toBeNull();
      const projected = impacts.slice(0, -1) as number[];
      expect(projected.every((i) => i !== null)).toBe(true);
      expect(projected).toEqual(
        [...projected].sort((a, b) => (direction === "desc" ? b - a : a - b)),
      );
    });
});
