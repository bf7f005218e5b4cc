/**
 * The administration API (/api/admin/*): users across customers, ROLE_ADMIN, deactivation. Every
 * route is refused to non-admins; a deactivated user's tokens fail at their next request.
 */
import { DEMO_SELLER_IDS, schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, startTestApi, type TestApi } from "./support/api-app.ts";

const DEMO = { email: "demo@starport.dev", password: "starport-demo" };
const ADMIN = { email: "admin@starport.dev", password: "starport-admin" };
const NIL_ID = "00000000-0000-4000-8000-000000000000";

describe.each(TEST_DATABASE_KINDS)("administration API on %s", (kind) => {
  let api: TestApi;
  let adminToken: string;
  let adminId: string;
  let sellerToken: string;
  beforeAll(async () => {
    api = await startTestApi(kind);
    adminToken = await api.login(ADMIN.email, ADMIN.password);
    sellerToken = await api.login(DEMO.email, DEMO.password);
    adminId = (await api.app.inject({ url: "/api/me", headers: bearer(adminToken) })).json().id;
  });
  afterAll(() => api?.close());

  let registered = 0;
  /** A user of their own new customer; answers their id, email and first token. */
  async function newUser(company = "Admin Test GmbH") {
    registered += 1;
    const email = `admin-test-${registered}-${Date.now()}@example.test`;
    const password = "a sound password";
    const response = await api.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { name: `Test User ${registered}`, company, email, password },
      remoteAddress: `10.9.0.${registered}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    const token = response.json().token as string;
    const me = await api.app.inject({ url: "/api/me", headers: bearer(token) });
    return { id: me.json().id as string, email, password, token };
  }

  const asAdmin = (method: "GET" | "POST", url: string) =>
    api.app.inject({ method, url: `/api/admin${url}`, headers: bearer(adminToken) });

  it("refuses every admin route to a seller (403 problem+json) and to anonymous callers (401)", async () => {
    const document = (await api.app.inject({ url: "/api/docs.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/api/admin/"))
      .flatMap(([path, item]) =>
        Object.keys(item).map((method) => ({
          method: method.toUpperCase() as "GET" | "POST",
          url: path.replace("{id}", NIL_ID),
        })),
      );
    // The list, a user's page and the four actions, whatever their order in the document.
    expect(routes.length).toBeGreaterThanOrEqual(6);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        "GET /api/admin/users",
        `GET /api/admin/users/${NIL_ID}`,
        `POST /api/admin/users/${NIL_ID}/deactivate`,
        `POST /api/admin/users/${NIL_ID}/revoke-admin`,
      ]),
    );
    for (const route of routes) {
      const seller = await api.app.inject({ ...route, headers: bearer(sellerToken) });
      expect(seller.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(seller.headers["content-type"]).toContain("application/problem+json");
      expect(seller.json()).toMatchObject({ status: 403, type: "/errors/403" });
      const anonymous = await api.app.inject(route);
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it("searches, filters, sorts and pages users across customers", async () => {
    const user = await newUser("Zebra Handels GmbH");
    const found = await asAdmin("GET", `/users?search=${encodeURIComponent("zebra handels")}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()["hydra:totalItems"]).toBe(1);
    expect(found.json()["hydra:member"][0]).toMatchObject({
      id: user.id,
      email: user.email,
      roles: ["ROLE_USER"],
      isAdmin: false,
      customer: { name: "Zebra Handels GmbH" },
      status: "active",
      lastSignInAt: null,
      deactivatedAt: null,
    });

    const admins = await asAdmin("GET", "/users?role=ROLE_ADMIN");
    const adminEmails = admins.json()["hydra:member"].map((u: { email: string }) => u.email);
    expect(adminEmails).toContain(ADMIN.email);
    expect(adminEmails).not.toContain(DEMO.email);

    const byEmail = await asAdmin("GET", "/users?sort=email&direction=desc&itemsPerPage=100");
    const emails = byEmail.json()["hydra:member"].map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());

    const total = byEmail.json()["hydra:totalItems"] as number;
    const first = await asAdmin("GET", "/users?itemsPerPage=1&page=1");
    const second = await asAdmin("GET", "/users?itemsPerPage=1&page=2");
    expect(first.json()["hydra:totalItems"]).toBe(total);
    expect(first.json()["hydra:member"]).toHaveLength(1);
    expect(second.json()["hydra:member"][0].id).not.toBe(first.json()["hydra:member"][0].id);

    expect((await asAdmin("GET", "/users?sort=password")).statusCode).toBe(400);
    expect((await asAdmin("GET", "/users?itemsPerPage=1000")).statusCode).toBe(400);
    expect((await asAdmin("GET", `/users?search=${encodeURIComponent("%_\\")}`)).statusCode).toBe(
      200,
    );
  });

  it("filters users by the days they were created and last signed in, and exports what matches", async () => {
    const company = `Datum ${kind} ${Date.now()} GmbH`;
    const old = await newUser(company);
    const recent = await newUser(company);
    // Created on 10 March, signed in on 20 March (UTC, the filters' days); the other never.
    await api.database.connection.db
      .update(schema.users)
      .set({
        createdAt: new Date("2026-03-10T23:30:00Z"),
        lastSignInAt: new Date("2026-03-20T00:10:00Z"),
      })
      .where(eq(schema.users.id, old.id));
    await api.database.connection.db
      .update(schema.users)
      .set({ createdAt: new Date("2026-03-11T00:00:00Z"), lastSignInAt: null })
      .where(eq(schema.users.id, recent.id));
    const emails = async (filters: string) => {
      const response = await asAdmin(
        "GET",
        `/users?customer=${encodeURIComponent(company)}&sort=email&${filters}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json()["hydra:member"].map((u: { email: string }) => u.email);
    };
    expect(await emails("createdFrom=2026-03-10&createdTo=2026-03-10")).toEqual([old.email]);
    expect(await emails("createdFrom=2026-03-11")).toEqual([recent.email]);
    expect(await emails("createdTo=2026-03-11")).toEqual([old.email, recent.email].sort());
    expect(await emails("signedInFrom=2026-03-20&signedInTo=2026-03-20")).toEqual([old.email]);
    expect(await emails("signedInTo=2026-03-19")).toEqual([]);
    expect((await asAdmin("GET", "/users?createdFrom=10.03.2026")).statusCode).toBe(400);

    // The export: every matching user (not one page), in the file's language.
    const csv = await asAdmin(
      "GET",
      `/users?customer=${encodeURIComponent(company)}&sort=email&format=csv&locale=de&itemsPerPage=1`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toContain("benutzer-");
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain("Letzte Anmeldung");
    expect(lines.slice(1)).toHaveLength(2);
    expect(lines.join("\n")).toContain(old.email);
    expect(lines.join("\n")).toContain("Benutzer");
    expect(lines.join("\n")).toContain("Aktiv");
    const xlsx = await asAdmin(
      "GET",
      `/users?customer=${encodeURIComponent(company)}&format=xlsx&locale=en`,
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-disposition"]).toContain("users-");
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    // Columns by name, in the order asked for; a column the list does not have is a 400, also
    // when nothing matches (no row to check it against).
    const chosen = await asAdmin(
      "GET",
      `/users?customer=${encodeURIComponent(company)}&sort=email&format=csv&locale=en&columns[]=email&columns[]=name`,
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.body.replace(/^\uFEFF/, "").split(/\r?\n/)[0]).toBe("Email,Name");
    for (const filter of [`customer=${encodeURIComponent(company)}`, "createdTo=2000-01-01"]) {
      const unknown = await asAdmin("GET", `/users?${filter}&format=csv&columns[]=password`);
      expect(unknown.statusCode, `${filter}: ${unknown.body}`).toBe(400);
      expect(unknown.body).toContain('Unknown column \\"password\\"');
    }
    // Sellers get no file either.
    const seller = await api.app.inject({
      url: "/api/admin/users?format=csv",
      headers: bearer(sellerToken),
    });
    expect(seller.statusCode).toBe(403);
  });

  it("records the last sign-in", async () => {
    const user = await newUser();
    await api.login(user.email, user.password);
    const page = await asAdmin("GET", `/users/${user.id}`);
    expect(page.json().lastSignInAt).toBe(new Date(api.clock.now).toISOString());
  });

  it("shows a user's customer, seller profiles with their connections, and live sessions", async () => {
    const [demo] = await api.database.connection.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, DEMO.email));
    const page = await asAdmin("GET", `/users/${demo!.id}`);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.customer.id).toBe(demo!.customerId);
    expect(body.sellerProfiles.map((p: { id: string }) => p.id)).toContain(
      DEMO_SELLER_IDS.sellerProfile,
    );
    expect(body.sessions.length).toBeGreaterThanOrEqual(1);
    expect(page.body).not.toMatch(/refreshToken|password/i);

    expect((await asAdmin("GET", `/users/${NIL_ID}`)).statusCode).toBe(404);
    expect((await asAdmin("GET", "/users/not-an-id")).statusCode).toBe(404);
  });

  it("deactivates a user: their old access token and refresh fail at once, sign-in says why", async () => {
    const user = await newUser();
    const before = await api.app.inject({ url: "/api/me", headers: bearer(user.token) });
    expect(before.statusCode).toBe(200);

    const deactivated = await asAdmin("POST", `/users/${user.id}/deactivate`);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json()).toMatchObject({ status: "deactivated", sessions: [] });

    // The token has 59 minutes left; it stops working now.
    const me = await api.app.inject({ url: "/api/me", headers: bearer(user.token) });
    expect(me.statusCode).toBe(401);
    expect(me.json().detail).toBe("Account deactivated.");
    const signIn = await api.app.inject({
      method: "POST",
      url: "/api/sign-in",
      payload: { token: user.token },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().detail).toBe("Account deactivated.");
    const refresh = await api.app.inject({
      method: "POST",
      url: "/api/refresh-token",
      payload: { token: user.token },
    });
    expect(refresh.statusCode).toBe(401);

    const login = await api.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: user.email, password: user.password },
      remoteAddress: "10.8.0.1",
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().detail).toBe("Account deactivated.");
    // A wrong password learns nothing about the account.
    const wrong = await api.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: user.email, password: "not the password" },
      remoteAddress: "10.8.0.2",
    });
    expect(wrong.json().detail).toBe("Invalid credentials.");

    const listed = await asAdmin("GET", `/users?status=deactivated&search=${user.email}`);
    expect(listed.json()["hydra:member"].map((u: { id: string }) => u.id)).toEqual([user.id]);
  });

  it("reactivates a user: they sign in again, their old session stays ended", async () => {
    const user = await newUser();
    await asAdmin("POST", `/users/${user.id}/deactivate`);
    const reactivated = await asAdmin("POST", `/users/${user.id}/reactivate`);
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(reactivated.json()).toMatchObject({ status: "active", deactivatedAt: null });

    const fresh = await api.login(user.email, user.password, "10.8.0.3");
    expect((await api.app.inject({ url: "/api/me", headers: bearer(fresh) })).statusCode).toBe(200);
    const old = await api.app.inject({ url: "/api/me", headers: bearer(user.token) });
    expect(old.statusCode).toBe(401);
    expect(old.json().detail).toBe("Revoked JWT Token");
  });

  it("grants and revokes ROLE_ADMIN; refuses an administrator's own role and own deactivation", async () => {
    const user = await newUser();
    const granted = await asAdmin("POST", `/users/${user.id}/grant-admin`);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ isAdmin: true, roles: ["ROLE_USER", "ROLE_ADMIN"] });
    const asNewAdmin = await api.login(user.email, user.password, "10.8.0.4");
    expect(
      (await api.app.inject({ url: "/api/admin/users", headers: bearer(asNewAdmin) })).statusCode,
    ).toBe(200);

    const revoked = await asAdmin("POST", `/users/${user.id}/revoke-admin`);
    expect(revoked.json()).toMatchObject({ isAdmin: false, roles: ["ROLE_USER"] });
    // The revoked administrator's token, issued while an admin, no longer opens the
    // administration: the role applies at the next request, not when the token expires.
    const afterRevoke = await api.app.inject({
      url: "/api/admin/users",
      headers: bearer(asNewAdmin),
    });
    expect(afterRevoke.statusCode).toBe(403);
    const meAfter = await api.app.inject({ url: "/api/me", headers: bearer(asNewAdmin) });
    expect(meAfter.json().roles).not.toContain("ROLE_ADMIN");

    const own = await asAdmin("POST", `/users/${adminId}/revoke-admin`);
    expect(own.statusCode).toBe(409);
    expect(own.headers["content-type"]).toContain("application/problem+json");
    expect(own.json()).toMatchObject({
      status: 409,
      detail: "You cannot revoke your own administrator role.",
    });
    const ownDeactivation = await asAdmin("POST", `/users/${adminId}/deactivate`);
    expect(ownDeactivation.statusCode).toBe(409);
    expect(ownDeactivation.json().detail).toBe("You cannot deactivate your own account.");

    // Nor through the users resource.
    const patched = await api.app.inject({
      method: "PATCH",
      url: `/api/users/${adminId}`,
      headers: { ...bearer(adminToken), "content-type": "application/merge-patch+json" },
      payload: { roles: ["ROLE_USER"] },
    });
    expect(patched.statusCode).toBe(409);
    expect(patched.json().detail).toBe("You cannot revoke your own administrator role.");
    const renamed = await api.app.inject({
      method: "PATCH",
      url: `/api/users/${adminId}`,
      headers: { ...bearer(adminToken), "content-type": "application/merge-patch+json" },
      payload: { name: "Ada Admin" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const me = await api.app.inject({ url: "/api/me", headers: bearer(adminToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json().roles).toContain("ROLE_ADMIN");
    expect(me.json().name).toBe("Ada Admin");
  });
});
