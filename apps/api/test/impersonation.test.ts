/**
 * Impersonation and the audit log (issue 22): an administrator views Starport as a seller for
 * at most 60 minutes with a token naming them as actor; every start, end and write is audited,
 * as are sign-ins, failed sign-ins, role changes and deactivations. Every way around it fails.
 */
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPERSONATION_SECONDS } from "../src/auth/tokens.ts";
import { runHousekeeping } from "../src/jobs/housekeeping.ts";
import { bearer, startTestApi, TEST_SECRET, type TestApi } from "./support/api-app.ts";

const ADMIN = { email: "admin@starport.dev", password: "starport-admin" };

type Claims = Record<string, unknown>;
const claimsOf = (token: string): Claims =>
  JSON.parse(Buffer.from(token.split(".")[1] as string, "base64url").toString("utf8"));

describe.each(TEST_DATABASE_KINDS)("impersonation and the audit log on %s", (kind) => {
  let api: TestApi;
  let adminToken: string;
  let adminId: string;
  beforeAll(async () => {
    api = await startTestApi(kind);
    adminToken = await api.login(ADMIN.email, ADMIN.password);
    adminId = (await api.app.inject({ url: "/api/me", headers: bearer(adminToken) })).json().id;
  });
  afterAll(() => api?.close());

  let registered = 0;
  /** A seller of their own new customer. */
  async function newSeller() {
    registered += 1;
    const email = `impersonated-${registered}-${Date.now()}@example.test`;
    const response = await api.app.inject({
      method: "POST",
      url: "/api/register",
      payload: {
        name: `Seller ${registered}`,
        company: "Imp GmbH",
        email,
        password: "a password!",
      },
      remoteAddress: `10.8.0.${registered}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    const token = response.json().token as string;
    const me = await api.app.inject({ url: "/api/me", headers: bearer(token) });
    return { id: me.json().id as string, email, token };
  }

  const impersonate = (userId: string, token = adminToken) =>
    api.app.inject({
      method: "POST",
      url: `/api/admin/users/${userId}/impersonation`,
      headers: { ...bearer(token), "user-agent": "vitest" },
    });
  const me = (token: string) => api.app.inject({ url: "/api/me", headers: bearer(token) });
  const audit = async (query: string) => {
    const response = await api.app.inject({
      url: `/api/admin/audit_events?${query}`,
      headers: bearer(adminToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json()["hydra:member"] as {
      action: string;
      actor: { id: string | null; email: string | null };
      subject: { id: string | null; email: string | null };
      method: string | null;
      resource: string | null;
      status: number | null;
    }[];
  };

  it("views Starport as a seller, names the administrator, audits the writes and ends at once", async () => {
    const seller = await newSeller();
    const started = await impersonate(seller.id);
    expect(started.statusCode, started.body).toBe(201);
    const { token, endsAt, user } = started.json();
    expect(user).toMatchObject({ id: seller.id, email: seller.email });
    expect(Date.parse(endsAt) - api.clock.now).toBeLessThanOrEqual(IMPERSONATION_SECONDS * 1000);
    expect(claimsOf(token)).toMatchObject({ sub: seller.id, act: { sub: adminId } });

    // the seller's view, with the administrator named for the banner
    const view = await me(token);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      id: seller.id,
      isAdmin: false,
      impersonation: { actor: { id: adminId, email: ADMIN.email }, endsAt },
    });
    expect((await me(seller.token)).json().impersonation).toBeNull();
    // the user's page marks the view among their live sessions, with who is viewing
    const page = await api.app.inject({
      url: `/api/admin/users/${seller.id}`,
      headers: bearer(adminToken),
    });
    const sessions = page.json().sessions as { impersonatedBy: { email: string } | null }[];
    expect(sessions.map((s) => s.impersonatedBy?.email ?? null).sort()).toEqual(
      [ADMIN.email, null].sort(),
    );
    // the seller's rights only: no administration, no impersonation from inside one
    const nested = await impersonate(seller.id, token);
    expect(nested.statusCode).toBe(403);

    // a write while impersonating is the administrator's, on the seller's data
    const renamed = await api.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: bearer(token),
      payload: { name: "Renamed by support" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const ended = await api.app.inject({
      method: "DELETE",
      url: "/api/impersonation",
      headers: bearer(token),
    });
    expect(ended.statusCode, ended.body).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    const renewal = await api.app.inject({
      method: "POST",
      url: "/api/refresh-token",
      payload: { token },
    });
    expect(renewal.statusCode).toBe(401);
    // the administrator's own session goes on
    expect((await me(adminToken)).statusCode).toBe(200);

    const events = await audit(`user=${seller.id}`);
    // the refused nested start is a write attempt too, with its 403
    expect(events.map((e) => [e.action, e.method, e.status])).toEqual([
      ["impersonation-ended", null, null],
      ["write", "PATCH", 200],
      ["write", "POST", 403],
      ["impersonation-started", null, null],
    ]);
    for (const event of events) {
      expect(event.actor).toEqual({ id: adminId, email: ADMIN.email });
      expect(event.subject).toEqual({ id: seller.id, email: seller.email });
    }
    expect(events[1]).toMatchObject({ resource: "/api/me" });
  });

  it("refuses to impersonate an administrator, a deactivated user or an unknown id", async () => {
    const adminSelf = await impersonate(adminId);
    expect(adminSelf.statusCode).toBe(409);
    expect(adminSelf.json().detail).toBe("Administrators cannot be impersonated.");
    const seller = await newSeller();
    await api.app.inject({
      method: "POST",
      url: `/api/admin/users/${seller.id}/deactivate`,
      headers: bearer(adminToken),
    });
    const deactivated = await impersonate(seller.id);
    expect(deactivated.statusCode).toBe(409);
    expect(deactivated.json().detail).toBe("A deactivated user cannot be impersonated.");
    expect((await impersonate("00000000-0000-4000-8000-0000000000ff")).statusCode).toBe(404);
    // a seller cannot impersonate at all
    expect((await impersonate(adminId, seller.token)).statusCode).toBe(401);
    const other = await newSeller();
    expect((await impersonate(seller.id, other.token)).statusCode).toBe(403);
  });

  it("rejects edited and forged actor claims, and a session of someone else's", async () => {
    const seller = await newSeller();
    const { token } = (await impersonate(seller.id)).json();
    const [header, , signature] = token.split(".");
    // the actor edited without the key: the signature no longer matches
    const edited = { ...claimsOf(token), act: { sub: seller.id } };
    const tampered = `${header}.${Buffer.from(JSON.stringify(edited)).toString("base64url")}.${signature}`;
    expect((await me(tampered)).statusCode).toBe(401);
    // signed with the key, but the actor is not the one the session names
    const key = new TextEncoder().encode(TEST_SECRET);
    const sign = (claims: Claims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuer("starport")
        .setSubject(seller.id)
        .setJti(crypto.randomUUID())
        .setIssuedAt(Math.floor(api.clock.now / 1000))
        .setExpirationTime(Math.floor(api.clock.now / 1000) + 600)
        .sign(key);
    const { sid, cid, roles } = claimsOf(token);
    const other = await newSeller();
    for (const claims of [
      { cid, roles, sid, act: { sub: other.id } }, // another actor on this session
      { cid, roles, act: { sub: adminId } }, // an actor without a session
      { cid, roles, sid, act: "admin" }, // not an actor claim
      { cid, roles, sid: claimsOf(seller.token).sid, act: { sub: adminId } }, // the seller's own session
      { cid, roles, sid }, // the impersonation's session without its actor
    ]) {
      expect((await me(await sign(claims))).statusCode, JSON.stringify(claims)).toBe(401);
    }
    expect((await me(token)).statusCode).toBe(200);
  });

  it("ends after 60 minutes, is never extended by a renewal, and ends when the administrator loses the right", async () => {
    const seller = await newSeller();
    const { token } = (await impersonate(seller.id)).json();
    const { sid } = claimsOf(token) as { sid: string };
    const endOf = async () =>
      (
        await api.database.connection.db
          .select({ expiresAt: schema.userSessions.expiresAt })
          .from(schema.userSessions)
          .where(eq(schema.userSessions.id, sid))
      )[0]?.expiresAt.getTime();
    const end = await endOf();
    const renewed = await api.app.inject({
      method: "POST",
      url: "/api/refresh-token",
      payload: { token },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(await endOf()).toBe(end);
    const fresh = renewed.json().access_token as string;
    expect(claimsOf(fresh)).toMatchObject({ act: { sub: adminId }, sid });

    const start = api.clock.now;
    try {
      api.clock.now = start + IMPERSONATION_SECONDS * 1000 + 1000;
      expect((await me(fresh)).statusCode).toBe(401);
      const late = await api.app.inject({
        method: "POST",
        url: "/api/refresh-token",
        payload: { token: fresh },
      });
      expect(late.statusCode).toBe(401);
    } finally {
      api.clock.now = start;
    }

    // a second administrator impersonates; losing their role ends their view at the next request
    const deputy = await newSeller();
    await api.app.inject({
      method: "POST",
      url: `/api/admin/users/${deputy.id}/grant-admin`,
      headers: bearer(adminToken),
    });
    const view = (await impersonate(seller.id, deputy.token)).json().token as string;
    expect((await me(view)).statusCode).toBe(200);
    await api.app.inject({
      method: "POST",
      url: `/api/admin/users/${deputy.id}/revoke-admin`,
      headers: bearer(adminToken),
    });
    expect((await me(view)).statusCode).toBe(401);
  });

  it("logs sign-ins, failed sign-ins, role changes and deactivations, filtered by action, user and day", async () => {
    const seller = await newSeller();
    const wrong = await api.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: seller.email, password: "not the password" },
      remoteAddress: "10.7.7.7",
    });
    expect(wrong.statusCode).toBe(401);
    await api.login(seller.email, "a password!", "10.7.7.8");
    for (const action of ["grant-admin", "revoke-admin", "deactivate", "reactivate"]) {
      const done = await api.app.inject({
        method: "POST",
        url: `/api/admin/users/${seller.id}/${action}`,
        headers: bearer(adminToken),
      });
      expect(done.statusCode, done.body).toBe(200);
    }
    const events = await audit(`user=${seller.id}`);
    expect(events.map((e) => e.action)).toEqual([
      "reactivated",
      "deactivated",
      "role-revoked",
      "role-granted",
      "sign-in",
      "sign-in-failed",
    ]);
    expect(events.at(-1)).toMatchObject({ subject: { id: seller.id, email: seller.email } });
    expect(events[0]).toMatchObject({ actor: { id: adminId } });
    expect((await audit(`user=${seller.id}&action=sign-in`)).length).toBe(1);
    const today = new Date(api.clock.now).toISOString().slice(0, 10);
    expect((await audit(`user=${seller.id}&from=${today}&to=${today}`)).length).toBe(6);
    expect((await audit(`user=${seller.id}&to=2000-01-01`)).length).toBe(0);
    expect((await audit(`search=${encodeURIComponent(seller.email)}`)).length).toBe(6);
    // the export: every matching event, the actions in the file's language
    const csv = await api.app.inject({
      url: `/api/admin/audit_events?user=${seller.id}&format=csv&locale=de`,
      headers: bearer(adminToken),
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(7);
    expect(lines[0]).toContain("Aktion");
    expect(csv.body).toContain("Fehlgeschlagene Anmeldung");
    expect(csv.body).toContain(seller.email);
    const bad = await api.app.inject({
      url: "/api/admin/audit_events?action=nonsense",
      headers: bearer(adminToken),
    });
    expect(bad.statusCode).toBe(400);
  });

  it("keeps audit events 365 days, then the nightly housekeeping drops them, twice harmlessly", async () => {
    const seller = await newSeller();
    await api.login(seller.email, "a password!", "10.7.7.9");
    const db = api.database.connection.db;
    const day = 86_400_000;
    const kept = await runHousekeeping(db, api.tokens, () => api.clock.now + 364 * day);
    expect(kept.auditEvents).toBe(0);
    expect((await audit(`user=${seller.id}`)).length).toBe(1);
    const dropped = await runHousekeeping(db, api.tokens, () => api.clock.now + 366 * day);
    expect(dropped.auditEvents).toBeGreaterThanOrEqual(1);
    expect((await audit(`user=${seller.id}`)).length).toBe(0);
    expect(
      (await runHousekeeping(db, api.tokens, () => api.clock.now + 366 * day)).auditEvents,
    ).toBe(0);
  });
});
