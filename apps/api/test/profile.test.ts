import { hashPassword, schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HydraTestApp, IDS, openHydraTestApp } from "./support/hydra-app.ts";

/** Issue 11 §7: the signed-in user's own profile and password (PATCH /api/me, POST /api/me/password). */

let serial = 0;

describe.each(TEST_DATABASE_KINDS)("own profile on %s", (kind) => {
  let t: HydraTestApp;
  beforeAll(async () => {
    t = await openHydraTestApp(kind);
  });
  afterAll(() => t?.dispose());

  /** A user of customer A with a password, signed in through /api/login. */
  async function signedInUser(password = "old-password-1") {
    const email = `profile-${Date.now()}-${++serial}@a.test`;
    await t.db.insert(schema.users).values({
      customerId: IDS.customerA,
      email,
      name: "Paula",
      passwordHash: await hashPassword(password),
    });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email, password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const headers = { authorization: `Bearer ${login.json().token}` };
    return { email, headers };
  }

  it("changes name, email, language and theme; a taken email is a 422", async () => {
    const { headers } = await signedInUser();
    const patched = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers,
      payload: {
        name: "Paula Berg",
        email: "  Paula.Berg@A.test ",
        currentPassword: "old-password-1",
        locale: "en",
        theme: { name: "light-indigo", dark: true },
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const me = (await t.app.inject({ method: "GET", url: "/api/me", headers })).json();
    expect(me).toMatchObject({
      name: "Paula Berg",
      email: "paula.berg@a.test",
      locale: "en",
      theme: { name: "light-indigo", dark: true },
    });
    const taken = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers,
      payload: { email: "A@example.test", currentPassword: "old-password-1" },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().violations[0]).toMatchObject({ propertyPath: "email", code: "emailTaken" });
    for (const payload of [
      { name: "" },
      { locale: "fr" },
      { email: "not-an-email" },
      { theme: { name: "neon", dark: false } },
      { roles: ["ROLE_ADMIN"] },
    ]) {
      const response = await t.app.inject({
        method: "PATCH",
        url: "/api/me",
        headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    // Roles are not the user's to change.
    const [row] = await t.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, "paula.berg@a.test"));
    expect(row?.roles).toEqual(["ROLE_USER"]);
    expect((await t.app.inject({ method: "PATCH", url: "/api/me", payload: {} })).statusCode).toBe(
      401,
    );
  });

  it("changes the sign-in email only with the current password", async () => {
    const { email, headers } = await signedInUser("old-password-1");
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "PATCH", url: "/api/me", headers, payload });
    const missing = await patch({ email: "taken-over@evil.test" });
    expect(missing.statusCode, missing.body).toBe(422);
    expect(missing.json().violations).toMatchObject([
      { propertyPath: "currentPassword", code: "required" },
    ]);
    const wrong = await patch({ email: "taken-over@evil.test", currentPassword: "guess" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().violations).toMatchObject([
      { propertyPath: "currentPassword", code: "wrongPassword" },
    ]);
    const [unchanged] = await t.db.select().from(schema.users).where(eq(schema.users.email, email));
    expect(unchanged).toBeDefined();
    // The form sends the email it shows: the same address (any case) needs no password.
    const same = await patch({ email: email.toUpperCase(), name: "Paula B." });
    expect(same.statusCode, same.body).toBe(200);
    const moved = await patch({ email: "paula.new@a.test", currentPassword: "old-password-1" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().email).toBe("paula.new@a.test");
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "paula.new@a.test", password: "old-password-1" },
    });
    expect(login.statusCode).toBe(200);
  });

  it("changes the password only with the current one", async () => {
    const { email, headers } = await signedInUser("old-password-1");
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/me/password",
      headers,
      payload: { currentPassword: "guess", newPassword: "new-password-2" },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().violations[0]).toMatchObject({
      propertyPath: "currentPassword",
      code: "wrongPassword",
    });
    const short = await t.app.inject({
      method: "POST",
      url: "/api/me/password",
      headers,
      payload: { currentPassword: "old-password-1", newPassword: "short" },
    });
    expect(short.statusCode).toBe(422);
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/me/password",
      headers,
      payload: { currentPassword: "old-password-1", newPassword: "new-password-2" },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    const login = (password: string) =>
      t.app.inject({ method: "POST", url: "/api/login", payload: { email, password } });
    expect((await login("old-password-1")).statusCode).toBe(401);
    expect((await login("new-password-2")).statusCode).toBe(200);
  });
});
