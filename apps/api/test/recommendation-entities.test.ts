import { randomUUID } from "node:crypto";
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ActorName, type HydraTestApp, IDS, openHydraTestApp } from "./support/hydra-app.ts";

/**
 * The recommendations of many entities in one read (issue 21 §4: Hangar's markers ask for the
 * open recommendations of a page's rows at once): `entity[]` repeated, scoped to the caller's
 * customer, so another customer's recommendation of the same entity ids never appears.
 */
describe.each(TEST_DATABASE_KINDS)("recommendations of a page's entities on %s", (kind) => {
  let t: HydraTestApp;
  const entities = [randomUUID(), randomUUID(), randomUUID()] as const;
  /** An entity of A's that no query names (another page's row). */
  const unnamed = randomUUID();
  const ids: Record<string, string> = {};

  async function recommendation(
    name: string,
    sellerProfileId: string,
    values: { entityId: string; kind: "bid" | "budget"; status?: "open" | "rejected" },
  ) {
    const customer = sellerProfileId === IDS.profileA ? "A" : "B";
    const [run] = await t.db
      .insert(schema.optimiserRuns)
      .values({ sellerProfileId, runDate: "2026-01-02", status: "succeeded" })
      .returning();
    const [profile] = await t.db
      .insert(schema.advertisingProfiles)
      .values({
        sellerProfileId,
        amazonProfileId: `44000000000${customer === "A" ? 1 : 2}${Object.keys(ids).length}`,
        countryCode: "DE",
        currency: "EUR",
        timezone: "Europe/Berlin",
      })
      .returning();
    const [row] = await t.db
      .insert(schema.recommendations)
      .values({
        runId: run!.id,
        sellerProfileId,
        advertisingProfileId: profile!.id,
        kind: values.kind,
        entityType: "keywords",
        entityId: values.entityId,
        currentValue: 0.5,
        proposedValue: 0.6,
        reasonCode: "bidOnTarget",
        status: values.status ?? "open",
      })
      .returning({ id: schema.recommendations.id });
    ids[name] = row!.id;
  }

  beforeAll(async () => {
    t = await openHydraTestApp(kind);
    await recommendation("a1", IDS.profileA, { entityId: entities[0], kind: "bid" });
    await recommendation("a2", IDS.profileA, { entityId: entities[1], kind: "bid" });
    await recommendation("a2rejected", IDS.profileA, {
      entityId: entities[1],
      kind: "bid",
      status: "rejected",
    });
    await recommendation("a4", IDS.profileA, { entityId: unnamed, kind: "bid" });
    // Customer B's, on one of the same entity ids and on one of its own.
    await recommendation("b1", IDS.profileB, { entityId: entities[0], kind: "budget" });
    await recommendation("b3", IDS.profileB, { entityId: entities[2], kind: "bid" });
  }, 60_000);
  afterAll(() => t?.dispose());

  const read = async (actor: ActorName, query: string) => {
    const response = await t.request(actor, { url: `/api/recommendations?${query}` });
    return response;
  };
  const idsOf = (response: Awaited<ReturnType<typeof read>>) =>
    (response.json()["hydra:member"] as { id: string }[]).map((m) => m.id).sort();
  const every = entities.map((id) => `entity[]=${id}`).join("&");

  it("answers the open recommendations of every named entity in one read", async () => {
    const response = await read("own", `${every}&status[]=open&status[]=snoozed`);
    expect(response.statusCode, response.body).toBe(200);
    expect(idsOf(response)).toEqual([ids.a1, ids.a2].sort());
  });

  it("never answers another customer's recommendation, whatever entity ids are named", async () => {
    const own = await read("own", every);
    expect(idsOf(own)).toEqual([ids.a1, ids.a2, ids.a2rejected].sort());
    expect(idsOf(own)).not.toContain(ids.b1);
    expect(idsOf(own)).not.toContain(ids.b3);
    const foreign = await read("foreign", `${every}&status=open`);
    expect(idsOf(foreign)).toEqual([ids.b1, ids.b3].sort());
    // Only B's entity named: nothing of A's.
    expect(idsOf(await read("own", `entity[]=${entities[2]}`))).toEqual([]);
  });

  it("a malformed entity id is the caller's mistake (400), not a database error", async () => {
    const response = await read("own", `entity[]=${entities[0]}&entity[]=not-a-uuid`);
    expect(response.statusCode).toBe(400);
  });
});
