import { schema, verifyPassword } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq, sql } from "drizzle-orm";
import { SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureInitialAdmin } from "../src/auth/accounts.ts";
import { bearer, startTestApi, TEST_SECRET, type TestApi } from "./support/api-app.ts";

const DEMO = { email: "demo@starport.dev", password: "starport-demo" };
const ADMIN = { email: "admin@starport.dev", password: "starport-admin" };

describe.each(TEST_DATABASE_KINDS)("accounts and sessions on %s", (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind, {
      rateLimits: {
        loginPerIp: { limit: 8, windowSeconds: 60 },
        loginPerEmail: { limit: 3, windowSeconds: 60 },
        registerPerIp: { limit: 6, windowSeconds: 60 },
        registerPerEmail: { limit: 2, windowSeconds: 60 },
      },
    });
  });
  afterAll(() => api.close());

  const post = (
    url: string,
    payload: unknown,
    headers: Record<string, string> = {},
    ip = "10.0.0.1",
  ) =>
    api.app.inject({ method: "POST", url, payload: payload as object, headers, remoteAddress: ip });

  it("seeds the demo accounts with argon2id hashes of their passwords", async () => {
    const rows = await api.database.connection.db.select().from(schema.users);
    for (const [email, password] of [
      [DEMO.email, DEMO.password],
      ["new@starport.dev", "starport-new"],
      [ADMIN.email, ADMIN.password],
    ] as const) {
      const user = rows.find((row) => row.email === email)!;
      expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(user.passwordHash!, password)).toBe(true);
    }
  });

  it("logs in with {email, password} → {token}, a one-hour JWT, email in any case", async () => {
    const response = await post("/api/login", {
      email: "Demo@Starport.DEV",
      password: DEMO.password,
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json();
    const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
    expect(claims.exp - claims.iat).toBe(3600);
    expect(Number.isInteger(claims.exp)).toBe(true);
  });

  it("signs in with {token} and answers the user", async () => {
    const token = await api.login(DEMO.email, DEMO.password);
    const response = await post("/api/sign-in", { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: DEMO.email,
      name: "Dana Demo",
      roles: ["ROLE_USER"],
      isAdmin: false,
      locale: "de",
      theme: { name: "light-indigo", dark: false },
      finishedOnboardingAt: "2026-01-05T09:00:00.000Z",
    });
    const fresh = await post("/api/sign-in", {
      token: await api.login("new@starport.dev", "starport-new"),
    });
    expect(fresh.json().finishedOnboardingAt).toBeNull();
  });

  it("answers an unknown email and a wrong password identically (no enumeration)", async () => {
    const unknown = await post(
      "/api/login",
      { email: "nobody@starport.dev", password: "x" },
      {},
      "10.0.1.1",
    );
    const wrong = await post(
      "/api/login",
      { email: DEMO.email, password: "wrong" },
      {},
      "10.0.1.2",
    );
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toMatchObject({ status: 401, detail: "Invalid credentials." });
    expect(unknown.headers["content-type"]).toContain("application/problem+json");
  });

  it("refuses malformed login bodies with a 4xx, never a 500", async () => {
    expect((await post("/api/login", { email: DEMO.email })).statusCode).toBe(422);
    expect((await post("/api/login", { email: 42, password: [] })).statusCode).toBe(422);
    const notJson = await api.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(notJson.statusCode).toBe(400);
    const array = await post("/api/login", [1, 2]);
    expect(array.statusCode).toBe(400);
  });

  it("rate-limits failed logins per email with a 429 and Retry-After", async () => {
    const email = "target@starport.dev";
    for (let i = 0; i < 3; i++) {
      expect(
        (await post("/api/login", { email, password: `guess-${i}` }, {}, `10.1.0.${i}`)).statusCode,
      ).toBe(401);
    }
    const blocked = await post("/api/login", { email, password: "guess-4" }, {}, "10.1.0.99");
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({
      status: 429,
      title: "An error occurred",
      type: "/errors/429",
    });
    // Another address is not affected; the window passes.
    expect(
      (await post("/api/login", { email: "other@starport.dev", password: "x" }, {}, "10.1.0.98"))
        .statusCode,
    ).toBe(401);
    api.clock.now += 61_000;
    expect(
      (await post("/api/login", { email, password: "again" }, {}, "10.1.0.97")).statusCode,
    ).toBe(401);
  });

  it("rate-limits failed logins per IP, even across emails, and blocks the right password too", async () => {
    const ip = "10.2.0.1";
    for (let i = 0; i < 8; i++) {
      expect(
        (await post("/api/login", { email: `spray-${i}@starport.dev`, password: "x" }, {}, ip))
          .statusCode,
      ).toBe(401);
    }
    const blocked = await post("/api/login", DEMO, {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect((await post("/api/login", DEMO, {}, "10.2.0.2")).statusCode).toBe(200);
  });

  it("registers a company and its first user, answers a token, and refuses the email again in any case", async () => {
    const response = await post(
      "/api/register",
      {
        name: "Rita Register",
        company: "Rita GmbH",
        email: "Rita@Example.com",
        password: "long-enough-password",
      },
      {},
      "10.3.0.1",
    );
    expect(response.statusCode).toBe(201);
    const user = await post("/api/sign-in", { token: response.json().token });
    expect(user.json()).toMatchObject({
      email: "rita@example.com",
      finishedOnboardingAt: null,
      roles: ["ROLE_USER"],
    });
    const [customer] = await api.database.connection.db
      .select()
      .from(schema.customers)
      .where(eq(schema.customers.id, user.json().customer.id));
    expect(customer?.name).toBe("Rita GmbH");
    const login = await post(
      "/api/login",
      { email: "rita@example.com", password: "long-enough-password" },
      {},
      "10.3.0.1",
    );
    expect(login.statusCode).toBe(200);

    const again = await post(
      "/api/register",
      {
        name: "Rita Again",
        company: "Other",
        email: "RITA@example.com",
        password: "long-enough-password",
      },
      {},
      "10.3.0.2",
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().violations).toEqual([
      {
        propertyPath: "email",
        message: "This email address is already registered.",
        code: "emailTaken",
      },
    ]);
  });

  it("keeps the language of the registration page as chosen; an account without one has the default, unchosen", async () => {
    const register = async (email: string, locale?: string) => {
      const response = await post(
        "/api/register",
        { name: "Lena", company: "Sprachen GmbH", email, password: "long-enough-password", locale },
        {},
        "10.3.1.1",
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json().token as string;
    };
    const signIn = async (token: string) => (await post("/api/sign-in", { token })).json();
    const english = await register("lena-en@example.com", "en");
    expect(await signIn(english)).toMatchObject({ locale: "en", localeChosen: true });
    const unchosen = await register("lena-default@example.com");
    expect(await signIn(unchosen)).toMatchObject({ locale: "de", localeChosen: false });
    // Choosing in the profile, even the default language, makes it the account's choice.
    const chosen = await api.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { authorization: `Bearer ${unchosen}`, "content-type": "application/json" },
      payload: { locale: "de" },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await signIn(unchosen)).toMatchObject({ locale: "de", localeChosen: true });
    const bad = await post(
      "/api/register",
      {
        name: "X",
        company: "Y",
        email: "lena-fr@example.com",
        password: "long-enough-password",
        locale: "fr",
      },
      {},
      "10.3.1.2",
    );
    expect(bad.statusCode).toBe(422);
  });

  it("names every invalid registration field", async () => {
    const response = await post(
      "/api/register",
      { name: "", email: "nope", password: "short" },
      {},
      "10.4.0.1",
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()["@type"]).toBe("ConstraintViolation");
    expect(
      Object.fromEntries(
        response
          .json()
          .violations.map((v: { propertyPath: string; code: string }) => [v.propertyPath, v.code]),
      ),
    ).toEqual({ name: "required", company: "required", email: "email", password: "tooShort" });
  });

  it("rate-limits registration per email and per IP", async () => {
    const body = (email: string) => ({ name: "N", company: "C", email, password: "12345678-ok" });
    const ip = "10.5.0.1";
    expect((await post("/api/register", body("rl@example.com"), {}, ip)).statusCode).toBe(201);
    expect((await post("/api/register", body("rl@example.com"), {}, "10.5.0.2")).statusCode).toBe(
      422,
    );
    expect((await post("/api/register", body("rl@example.com"), {}, "10.5.0.3")).statusCode).toBe(
      429,
    );
    for (let i = 0; i < 5; i++) await post("/api/register", body(`ip-${i}@example.com`), {}, ip);
    expect((await post("/api/register", body("ip-last@example.com"), {}, ip)).statusCode).toBe(429);
  });

  it("refuses a tampered token on sign-in, on refresh and as Bearer", async () => {
    const token = await api.login(DEMO.email, DEMO.password);
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, roles: ["ROLE_USER", "ROLE_ADMIN"] })).toString("base64url")}.${signature}`;
    expect((await post("/api/sign-in", { token: forged })).statusCode).toBe(401);
    expect((await post("/api/refresh-token", { token: forged })).statusCode).toBe(401);
    const admin = await api.app.inject({ url: "/api/admin/users", headers: bearer(forged) });
    expect(admin.statusCode).toBe(401);
    expect(admin.json().detail).toBe("Invalid JWT Token");
  });

  it("refuses alg: none and a token signed with another key", async () => {
    const [user] = await api.database.connection.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, ADMIN.email));
    const now = Math.floor(api.clock.now / 1000);
    const unsigned = new UnsecuredJWT({ cid: user!.customerId, roles: user!.roles })
      .setSubject(user!.id)
      .setJti(crypto.randomUUID())
      .setIssuer("starport")
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .encode();
    expect((await post("/api/sign-in", { token: unsigned })).statusCode).toBe(401);
    expect(
      (await api.app.inject({ url: "/api/admin/users", headers: bearer(unsigned) })).statusCode,
    ).toBe(401);
    const otherKey = await new SignJWT({ cid: user!.customerId, roles: user!.roles })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user!.id)
      .setJti(crypto.randomUUID())
      .setIssuer("starport")
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(`${TEST_SECRET}-other`));
    expect((await post("/api/refresh-token", { token: otherKey })).statusCode).toBe(401);
  });

  it("refreshes a valid token into {access_token}", async () => {
    const token = await api.login(DEMO.email, DEMO.password);
    const refreshed = await post("/api/refresh-token", { token });
    expect(refreshed.statusCode).toBe(200);
    const { access_token } = refreshed.json();
    expect(access_token).toEqual(expect.any(String));
    expect(access_token).not.toBe(token);
    expect((await post("/api/sign-in", { token: access_token })).statusCode).toBe(200);
    // The current token may also come as Bearer.
    expect((await post("/api/refresh-token", {}, bearer(token))).statusCode).toBe(200);
    expect((await post("/api/refresh-token", {})).statusCode).toBe(401);
  });

  it("renews an expired access token silently while its 7-day session lives, not after", async () => {
    const token = await api.login(DEMO.email, DEMO.password);
    const start = api.clock.now;
    try {
      // Two hours later the access token has expired: it no longer signs in or calls the API…
      api.clock.now = start + 2 * 3600 * 1000;
      expect((await post("/api/sign-in", { token })).json().detail).toBe("Expired JWT Token");
      expect((await api.app.inject({ url: "/api/me", headers: bearer(token) })).statusCode).toBe(
        401,
      );
      // …but its session renews it: a fresh one-hour token of the same user.
      const renewed = await post("/api/refresh-token", { token });
      expect(renewed.statusCode, renewed.body).toBe(200);
      const fresh = renewed.json().access_token as string;
      const claims = JSON.parse(Buffer.from(fresh.split(".")[1]!, "base64url").toString());
      expect(claims.exp - claims.iat).toBe(3600);
      expect((await api.app.inject({ url: "/api/me", headers: bearer(fresh) })).json().email).toBe(
        DEMO.email,
      );
      // Each renewal counts the 7 days again: 6 days after the renewal it still renews…
      api.clock.now = start + (2 * 3600 + 6 * 86_400) * 1000;
      const later = await post("/api/refresh-token", { token: fresh });
      expect(later.statusCode, later.body).toBe(200);
      // …and 7 days without a renewal end the session.
      api.clock.now += 7 * 86_400 * 1000 + 1000;
      const ended = await post("/api/refresh-token", { token: later.json().access_token });
      expect(ended.statusCode).toBe(401);
    } finally {
      api.clock.now = start;
    }
  });

  it("revokes the token and its session on sign-out: sign-in, refresh and Bearer calls refuse them", async () => {
    const token = await api.login(DEMO.email, DEMO.password);
    const sibling = (await post("/api/refresh-token", { token })).json().access_token as string;
    expect((await api.app.inject({ url: "/api/me", headers: bearer(token) })).statusCode).toBe(200);
    expect((await post("/api/sign-out", {}, bearer(token))).statusCode).toBe(204);
    expect((await post("/api/sign-in", { token })).json().detail).toBe("Revoked JWT Token");
    expect((await post("/api/refresh-token", { token })).statusCode).toBe(401);
    expect((await api.app.inject({ url: "/api/me", headers: bearer(token) })).statusCode).toBe(401);
    // The session ended: a token renewed in it earlier is refused too, also once expired.
    expect((await post("/api/sign-in", { token: sibling })).statusCode).toBe(401);
    api.clock.now += 2 * 3600 * 1000;
    try {
      expect((await post("/api/refresh-token", { token: sibling })).statusCode).toBe(401);
    } finally {
      api.clock.now -= 2 * 3600 * 1000;
    }
    // Signing out anonymously is harmless.
    expect((await post("/api/sign-out", {})).statusCode).toBe(204);
  });

  it("a password change ends the user's other sessions and keeps the one it was made in", async () => {
    const email = `sessions-${Date.now()}@example.test`;
    const registered = await post(
      "/api/register",
      { name: "Sessions", company: "Sessions GmbH", email, password: "first-password" },
      {},
      "10.0.9.1",
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const here = registered.json().token as string;
    const elsewhere = await api.login(email, "first-password", "10.0.9.2");
    const changed = await api.app.inject({
      method: "POST",
      url: "/api/me/password",
      headers: bearer(here),
      payload: { currentPassword: "first-password", newPassword: "second-password" },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await post("/api/sign-in", { token: elsewhere })).json().detail).toBe(
      "Revoked JWT Token",
    );
    expect((await post("/api/refresh-token", { token: elsewhere })).statusCode).toBe(401);
    expect((await post("/api/sign-in", { token: here })).statusCode).toBe(200);
    expect((await post("/api/refresh-token", { token: here })).statusCode).toBe(200);
  });

  it("refuses to renew an expired token without a session (issued before sessions existed)", async () => {
    const [user] = await api.database.connection.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, DEMO.email));
    const now = Math.floor(api.clock.now / 1000);
    const legacy = await new SignJWT({ cid: user!.customerId, roles: user!.roles })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(user!.id)
      .setJti(crypto.randomUUID())
      .setIssuer("starport")
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(TEST_SECRET));
    const expired = await post("/api/refresh-token", { token: legacy });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().detail).toBe("Expired JWT Token");
  });

  it("refuses admin API routes to non-admins with a 403 problem+json", async () => {
    const anonymous = await api.app.inject({ url: "/api/admin/users" });
    expect(anonymous.statusCode).toBe(401);
    const seller = await api.app.inject({
      url: "/api/admin/users",
      headers: bearer(await api.login(DEMO.email, DEMO.password)),
    });
    expect(seller.statusCode).toBe(403);
    expect(seller.headers["content-type"]).toContain("application/problem+json");
    expect(seller.json()).toMatchObject({
      status: 403,
      title: "An error occurred",
      type: "/errors/403",
    });
    const admin = await api.app.inject({
      url: "/api/admin/users",
      headers: bearer(await api.login(ADMIN.email, ADMIN.password)),
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()["hydra:member"].map((u: { email: string }) => u.email)).toContain(
      DEMO.email,
    );
  });

  it("creates the configured first administrator once and promotes an existing account", async () => {
    const db = api.database.connection.db;
    const admin = { email: "Ops@Example.com", password: "correct horse battery", name: "Ops" };
    expect(await ensureInitialAdmin(db, admin)).toBe("created");
    expect(await ensureInitialAdmin(db, admin)).toBe("unchanged");
    const token = await api.login("ops@example.com", admin.password, "10.6.0.1");
    expect(
      (await api.app.inject({ url: "/api/admin/users", headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(await ensureInitialAdmin(db, { ...admin, email: "rita@example.com" })).toBe("promoted");
    const [rita] = await db
      .select()
      .from(schema.users)
      .where(sql`lower(${schema.users.email}) = 'rita@example.com'`);
    expect(rita?.roles).toContain("ROLE_ADMIN");
    expect(await verifyPassword(rita!.passwordHash!, "long-enough-password")).toBe(true);
  });
});

describe("dev mode", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi("pglite", { devMode: true });
  });
  afterAll(() => api.close());

  it("lets anonymous requests act as the first administrator; a bad token is still refused", async () => {
    const me = await api.app.inject({ url: "/api/me" });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe("admin@starport.dev");
    expect((await api.app.inject({ url: "/api/admin/users" })).statusCode).toBe(200);
    expect((await api.app.inject({ url: "/api/me", headers: bearer("x.y.z") })).statusCode).toBe(
      401,
    );
    expect((await api.app.inject({ method: "POST", url: "/api/sign-out" })).statusCode).toBe(204);
  });
});
