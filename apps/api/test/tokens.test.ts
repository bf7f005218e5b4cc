import { schema, seedDemoData } from "@starport/db";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq } from "drizzle-orm";
import { fastify } from "fastify";
import { SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAuthentication, requirePrincipal } from "../src/auth/authenticate.ts";
import { createTokenService, TokenError } from "../src/auth/tokens.ts";
import { registerErrorHandling } from "../src/errors.ts";

const SECRET = "k".repeat(40);

describe.each(TEST_DATABASE_KINDS)("access tokens on %s", (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let subject: { id: string; customerId: string; roles: string[] };
  let clock = Date.parse("2026-11-22T12:00:00Z");
  let tokens: ReturnType<typeof createTokenService>;
  const app = fastify();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemoData(database.connection.db);
    const [user] = await database.connection.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, "admin@starport.dev"));
    subject = { id: user!.id, customerId: user!.customerId, roles: user!.roles };
    tokens = createTokenService({ secret: SECRET, db: database.connection.db, now: () => clock });
    registerErrorHandling(app);
    registerAuthentication(app, tokens);
    app.get("/me", async (request) => requirePrincipal(request));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it("issues a token whose exp is one hour later, in seconds, and verifies it", async () => {
    const { token, principal } = await tokens.issue(subject);
    expect(principal.expiresAt).toBe(clock / 1000 + 3600);
    const verified = await tokens.verify(token);
    expect(verified).toMatchObject({
      userId: subject.id,
      customerId: subject.customerId,
      isAdmin: true,
    });
    const response = await app.inject({
      url: "/me",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().userId).toBe(subject.id);
  });

  it("refuses a tampered token", async () => {
    const { token } = await tokens.issue(subject);
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = Buffer.from(
      JSON.stringify({ ...claims, roles: ["ROLE_ADMIN"], cid: "someone-else" }),
    ).toString("base64url");
    await expect(tokens.verify(`${header}.${forged}.${signature}`)).rejects.toMatchObject({
      failure: "invalid",
    });
    const otherKey = await new SignJWT({ cid: subject.customerId, roles: subject.roles })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(subject.id)
      .setJti("0d3c1c6e-1a44-4c1a-8f3b-1e2f3a4b5c6d")
      .setIssuer("starport")
      .setIssuedAt(clock / 1000)
      .setExpirationTime(clock / 1000 + 60)
      .sign(new TextEncoder().encode("x".repeat(40)));
    await expect(tokens.verify(otherKey)).rejects.toBeInstanceOf(TokenError);
  });

  it("refuses alg none", async () => {
    const unsigned = new UnsecuredJWT({ cid: subject.customerId, roles: subject.roles })
      .setSubject(subject.id)
      .setJti("0d3c1c6e-1a44-4c1a-8f3b-1e2f3a4b5c6e")
      .setIssuer("starport")
      .setIssuedAt(clock / 1000)
      .setExpirationTime(clock / 1000 + 60)
      .encode();
    await expect(tokens.verify(unsigned)).rejects.toMatchObject({ failure: "invalid" });
    const response = await app.inject({
      url: "/me",
      headers: { authorization: `Bearer ${unsigned}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ "@type": "hydra:Error", detail: "Invalid JWT Token" });
  });

  it("refuses an expired token", async () => {
    const { token } = await tokens.issue(subject);
    clock += 3601 * 1000;
    try {
      await expect(tokens.verify(token)).rejects.toMatchObject({ failure: "expired" });
      const response = await app.inject({
        url: "/me",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe("Expired JWT Token");
    } finally {
      clock -= 3601 * 1000;
    }
  });

  it("refuses a revoked token, and revoking twice is harmless", async () => {
    const { token, principal } = await tokens.issue(subject);
    await tokens.revoke(principal);
    await tokens.revoke(principal);
    await expect(tokens.verify(token)).rejects.toMatchObject({ failure: "revoked" });
  });

  it("treats a missing token as anonymous and a malformed header as 401", async () => {
    expect((await app.inject({ url: "/me" })).statusCode).toBe(401);
    const response = await app.inject({ url: "/me", headers: { authorization: "Basic abc" } });
    expect(response.statusCode).toBe(401);
    expect(
      (await app.inject({ url: "/me", headers: { authorization: "Bearer not.a.jwt" } })).statusCode,
    ).toBe(401);
  });
});
