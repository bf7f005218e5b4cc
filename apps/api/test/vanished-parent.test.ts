/**
 * Creating while the parent is being deleted: a create whose seller profile vanishes between the
 * visibility check and the insert is a 404 or 409, never a 500 from the foreign key. Concurrent
 * create/delete pairs over fresh seller profiles, for every kind of child the audit sent.
 */
import { schema } from "@starport/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type HydraTestApp, IDS, LD, openHydraTestApp } from "./support/hydra-app.ts";

const PAIRS = 12;

const CHILDREN: { path: string; body: (profile: string) => Record<string, unknown> }[] = [
  { path: "/api/tags", body: (sellerProfile) => ({ sellerProfile, text: "racing" }) },
  {
    path: "/api/seller_accounts",
    body: (sellerProfile) => ({ sellerProfile, name: "EU account" }),
  },
  {
    path: "/api/seller_profile_settings",
    body: (sellerProfile) => ({ sellerProfile, values: {} }),
  },
];

describe("creating while the seller profile is deleted", () => {
  let t: HydraTestApp;
  beforeAll(async () => {
    t = await openHydraTestApp("pglite");
  }, 180_000);
  afterAll(() => t?.dispose());

  it.each(CHILDREN)("POST $path answers 201, 404 or 409, never 5xx", async ({ path, body }) => {
    const statuses: number[] = [];
    for (let round = 0; round < PAIRS; round++) {
      const [profile] = await t.db
        .insert(schema.sellerProfiles)
        .values({ customerId: IDS.customerA, name: `Doomed ${round}` })
        .returning();
      const iri = `/api/seller_profiles/${profile!.id}`;
      // The delete lands at a different point of the create each round.
      const [created, deleted] = await Promise.all([
        t.request("own", { method: "POST", url: path, headers: LD, payload: body(iri) }),
        (async () => {
          for (let i = 0; i < round % 4; i++) await Promise.resolve();
          return t.request("own", { method: "DELETE", url: iri });
        })(),
      ]);
      expect([201, 404, 409], `${created.statusCode} ${created.body}`).toContain(
        created.statusCode,
      );
      if (created.statusCode >= 400) {
        expect(created.headers["content-type"]).toContain("application/problem+json");
      }
      expect([204, 404, 409]).toContain(deleted.statusCode);
      statuses.push(created.statusCode);
    }
    // Some creates lost the race: the vanished parent was met, and answered as such.
    expect(
      statuses.some((s) => s === 404 || s === 409),
      statuses.join(","),
    ).toBe(true);
  });

  it.each(CHILDREN)(
    "POST $path whose profile goes between its check and its insert is a 409",
    async ({ path, body }) => {
      const [profile] = await t.db
        .insert(schema.sellerProfiles)
        .values({ customerId: IDS.customerA, name: "Gone in between" })
        .returning();
      // Another request's delete commits after the create saw the profile, before it inserts.
      const original = t.db.transaction.bind(t.db);
      const transaction = vi.spyOn(t.db, "transaction").mockImplementationOnce(async (work) => {
        await t.db.delete(schema.sellerProfiles).where(eq(schema.sellerProfiles.id, profile!.id));
        return original(work);
      });
      try {
        const created = await t.request("own", {
          method: "POST",
          url: path,
          headers: LD,
          payload: body(`/api/seller_profiles/${profile!.id}`),
        });
        expect(created.statusCode, created.body).toBe(409);
        expect(created.headers["content-type"]).toContain("application/problem+json");
      } finally {
        transaction.mockRestore();
      }
    },
  );
});
