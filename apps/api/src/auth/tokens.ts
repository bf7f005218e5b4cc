import { randomUUID } from "node:crypto";
import type { Database } from "@starport/db";
import { schema } from "@starport/db";
import { eq, lt } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { isAdmin, type Principal } from "./principal.ts";

export const ACCESS_TOKEN_LIFETIME_SECONDS = 60 * 60;
const ALGORITHM = "HS256";
const ISSUER = "starport";

export type TokenFailure = "invalid" | "expired" | "revoked";

export class TokenError extends Error {
  readonly failure: TokenFailure;
  constructor(failure: TokenFailure) {
    super(
      failure === "expired"
        ? "Expired JWT Token"
        : failure === "revoked"
          ? "Revoked JWT Token"
          : "Invalid JWT Token",
    );
    this.name = "TokenError";
    this.failure = failure;
  }
}

export interface TokenSubject {
  id: string;
  customerId: string;
  roles: readonly string[];
}

export interface TokenServiceOptions {
  secret: string;
  db: Database;
  lifetimeSeconds?: number;
  /** Injectable clock, milliseconds since the epoch. */
  now?: () => number;
}

/** Issues, verifies and revokes Starport's signed JWT access tokens (HS256 only). */
export function createTokenService({
  secret,
  db,
  lifetimeSeconds = ACCESS_TOKEN_LIFETIME_SECONDS,
  now = Date.now,
}: TokenServiceOptions) {
  const key = new TextEncoder().encode(secret);
  const nowSeconds = () => Math.floor(now() / 1000);

  async function issue(subject: TokenSubject): Promise<{ token: string; principal: Principal }> {
    const issuedAt = nowSeconds();
    const tokenId = randomUUID();
    const expiresAt = issuedAt + lifetimeSeconds;
    const token = await new SignJWT({ cid: subject.customerId, roles: [...subject.roles] })
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setSubject(subject.id)
      .setJti(tokenId)
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(key);
    return {
      token,
      principal: {
        userId: subject.id,
        customerId: subject.customerId,
        roles: subject.roles,
        isAdmin: isAdmin(subject.roles),
        tokenId,
        expiresAt,
      },
    };
  }

  /** The token's principal; throws TokenError when it is malformed, forged, expired or revoked. */
  async function verify(token: string): Promise<Principal> {
    let payload: Awaited<ReturnType<typeof jwtVerify>>["payload"];
    try {
      ({ payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        currentDate: new Date(now()),
        requiredClaims: ["sub", "jti", "exp", "iat"],
      }));
    } catch (error) {
      throw new TokenError(error instanceof joseErrors.JWTExpired ? "expired" : "invalid");
    }
    const { sub, jti, exp, cid, roles } = payload;
    if (
      typeof cid !== "string" ||
      !Array.isArray(roles) ||
      !roles.every((r) => typeof r === "string")
    ) {
      throw new TokenError("invalid");
    }
    const revoked = await db
      .select({ tokenId: schema.revokedTokens.tokenId })
      .from(schema.revokedTokens)
      .where(eq(schema.revokedTokens.tokenId, jti as string))
      .limit(1);
    if (revoked.length > 0) throw new TokenError("revoked");
    return {
      userId: sub as string,
      customerId: cid,
      roles,
      isAdmin: isAdmin(roles),
      tokenId: jti as string,
      expiresAt: exp as number,
    };
  }

  /** Revokes the token until it would have expired anyway; revoking twice is harmless. */
  async function revoke(principal: Principal, reason = "sign-out"): Promise<void> {
    await db
      .insert(schema.revokedTokens)
      .values({
        tokenId: principal.tokenId,
        userId: principal.userId,
        expiresAt: new Date(principal.expiresAt * 1000),
        reason,
      })
      .onConflictDoNothing();
  }

  /** Drops revocations of tokens that have expired since. */
  async function purgeExpiredRevocations(): Promise<void> {
    await db
      .delete(schema.revokedTokens)
      .where(lt(schema.revokedTokens.expiresAt, new Date(now())));
  }

  return { issue, verify, revoke, purgeExpiredRevocations, lifetimeSeconds };
}

export type TokenService = ReturnType<typeof createTokenService>;
