import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HydraTestApp, IDS, MERGE_PATCH, openHydraTestApp } from "./support/hydra-app.ts";

describe.each(TEST_DATABASE_KINDS)("users resource on %s", (kind) => {
  let t: HydraTestApp;
  beforeAll(async () => {
    t = await openHydraTestApp(kind);
  });
  afterAll(() => t?.dispose());

  const userA = `/api/users/${IDS.userA}`;

  it("lists the customer's users without password hashes", async () => {
    const response = await t.request("own", { url: "/api/users" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body["hydra:member"].map((u: { "@id": string }) => u["@id"])).toEqual([userA]);
    const [user] = body["hydra:member"];
    expect(Object.keys(user).sort()).toEqual(
      [
        "@id",
        "@type",
        "customer",
        "email",
        "finishedOnboardingAt",
        "id",
        "locale",
        "name",
        "roles",
        "theme",
      ].sort(),
    );
    expect(user).toMatchObject({ "@type": "User", customer: `/api/customers/${IDS.customerA}` });
    expect(response.body).not.toMatch(/password/i);
  });

  it("lets an administrator grant a role in their own customer (audited) and refuses an unknown one with a 422 on the field", async () => {
    // A colleague of the administrator: another customer's users are managed under /api/admin.
    const [colleague] = await t.db
      .insert(schema.users)
      .values({ customerId: IDS.customerAdmin, email: `ops-${kind}@example.test`, name: "Ole" })
      .returning({ id: schema.users.id });
    const user = `/api/users/${colleague!.id}`;
    const granted = await t.request("admin", {
      method: "PATCH",
      url: user,
      headers: MERGE_PATCH,
      payload: { roles: ["ROLE_USER", "ROLE_ADMIN"] },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().roles).toEqual(["ROLE_USER", "ROLE_ADMIN"]);

    const refused = await t.request("admin", {
      method: "PATCH",
      url: user,
      headers: MERGE_PATCH,
      payload: { roles: ["ROLE_GOD"] },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations[0].propertyPath).toMatch(/^roles/);
    expect((await t.request("admin", { url: user })).json().roles).toEqual([
      "ROLE_USER",
      "ROLE_ADMIN",
    ]);
    // Another customer's user is not found here; the seller's roles stay as they are.
    const foreign = await t.request("admin", {
      method: "PATCH",
      url: userA,
      headers: MERGE_PATCH,
      payload: { roles: ["ROLE_USER", "ROLE_ADMIN"] },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.request("own", { url: userA })).json().roles).toEqual(["ROLE_USER"]);

    // The grant and a revocation are in the audit trail, the administrator as actor; a name change
    // (no role changed) and the refused and foreign attempts are not.
    const renamed = await t.request("admin", {
      method: "PATCH",
      url: user,
      headers: { ...MERGE_PATCH, "user-agent": "users-test" },
      payload: { roles: ["ROLE_USER"], name: "Ole Admin" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const trail = await t.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.subjectUserId, colleague!.id))
      .orderBy(asc(schema.auditEvents.seq));
    expect(
      trail.map((event) => [event.action, event.actorUserId, event.method, event.resource]),
    ).toEqual([
      ["role-granted", IDS.userAdmin, "PATCH", "users"],
      ["role-revoked", IDS.userAdmin, "PATCH", "users"],
    ]);
    expect(trail[1]).toMatchObject({
      userAgent: "users-test",
      subjectEmail: `ops-${kind}@example.test`,
    });
    const otherTrail = await t.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.subjectUserId, IDS.userA));
    expect(otherTrail).toEqual([]);
  });

  it("does not let a seller change roles, not even their own", async () => {
    const response = await t.request("own", {
      method: "PATCH",
      url: userA,
      headers: MERGE_PATCH,
      payload: { roles: ["ROLE_ADMIN"] },
    });
    expect(response.statusCode).toBe(403);
  });
});
