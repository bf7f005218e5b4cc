import { randomUUID } from "node:crypto";
import type { Database } from "@starport/db";
import { schema } from "@starport/db";
import { and, eq, isNull, lt, ne, sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { createHs256Verifier, JwtError } from "./hs256.ts";
import { isAdmin, type Principal, ROLE_ADMIN } from "./principal.ts";

export const ACCESS_TOKEN_LIFETIME_SECONDS = 60 * 60;
/**
 * A sign-in session lives as long as the token cookie (spec §9: 604800 s), counted from its last
 * renewal: within it an expired access token is renewed silently.
 */
export const SESSION_LIFETIME_SECONDS = 604_800;
const ALGORITHM = "HS256";
/** Subjects are user ids; anything else is not one of our tokens (and never reaches a uuid cast). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISSUER = "starport";

export type TokenFailure = "invalid" | "expired" | "revoked" | "deactivated";

/** What a deactivated account's tokens and sign-in attempts are told (the web shows it translated). */
export const ACCOUNT_DEACTIVATED = "Account deactivated.";

export class TokenError extends Error {
  readonly failure: TokenFailure;
  constructor(failure: TokenFailure) {
    super(
      failure === "expired"
        ? "Expired JWT Token"
        : failure === "revoked"
          ? "Revoked JWT Token"
          : failure === "deactivated"
            ? ACCOUNT_DEACTIVATED
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
  sessionLifetimeSeconds?: number;
  /** Injectable clock, milliseconds since the epoch. */
  now?: () => number;
}

/** Issues, verifies and revokes Starport's signed JWT access tokens (HS256 only). */
export function createTokenService({
  secret,
  db,
  lifetimeSeconds = ACCESS_TOKEN_LIFETIME_SECONDS,
  sessionLifetimeSeconds = SESSION_LIFETIME_SECONDS,
  now = Date.now,
}: TokenServiceOptions) {
  const key = new TextEncoder().encode(secret);
  const verifyHs256 = createHs256Verifier(key);
  const nowSeconds = () => Math.floor(now() / 1000);

  const sessionEnd = () => new Date((nowSeconds() + sessionLifetimeSeconds) * 1000);

  /**
   * A token for the subject in the given session; without one (a sign-in) a new session starts.
   */
  async function issue(
    subject: TokenSubject,
    sessionId?: string,
    actorId?: string | null,
  ): Promise<{ token: string; principal: Principal }> {
    let sid = sessionId;
    if (!sid) {
      const [session] = await db
        .insert(schema.userSessions)
        .values({ userId: subject.id, createdAt: new Date(now()), expiresAt: sessionEnd() })
        .returning({ id: schema.userSessions.id });
      sid = session!.id;
    }
    const issuedAt = nowSeconds();
    const tokenId = randomUUID();
    const expiresAt = issuedAt + lifetimeSeconds;
    const token = await new SignJWT({
      cid: subject.customerId,
      roles: [...subject.roles],
      sid,
      ...(actorId ? { act: { sub: actorId } } : {}),
    })
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
        sessionId: sid,
        actorId: actorId ?? null,
      },
    };
  }

  /**
   * An administrator's view of Starport as `subject`: a session of the subject's that names the
   * administrator, ends after `IMPERSONATION_SECONDS` and is never extended, and its first token.
   */
  async function issueImpersonation(
    subject: TokenSubject,
    actorId: string,
  ): Promise<{ token: string; principal: Principal; endsAt: Date }> {
    const endsAt = new Date(now() + IMPERSONATION_SECONDS * 1000);
    const [session] = await db
      .insert(schema.userSessions)
      .values({
        userId: subject.id,
        createdAt: new Date(now()),
        expiresAt: endsAt,
        impersonatorId: actorId,
      })
      .returning({ id: schema.userSessions.id });
    return { ...(await issue(subject, session!.id, actorId)), endsAt };
  }

  /**
   * The token's claims when signed by us; an expired token only with `allowExpired` (a renewal,
   * which then needs a live session).
   */
  async function claimsOf(token: string, allowExpired: boolean) {
    let payload: Record<string, unknown>;
    try {
      payload = verifyHs256(token, {
        issuer: ISSUER,
        now: nowSeconds(),
        requiredClaims: ["sub", "jti", "exp", "iat"],
        ...(allowExpired ? { clockTolerance: sessionLifetimeSeconds } : {}),
      });
    } catch (error) {
      if (error instanceof JwtError) throw new TokenError(error.failure);
      throw error;
    }
    const { sub, jti, exp, cid, roles, sid, act } = payload;
    const actor = actorOf(act);
    if (
      typeof sub !== "string" ||
      !UUID.test(sub) ||
      typeof cid !== "string" ||
      !Array.isArray(roles) ||
      !roles.every((r) => typeof r === "string") ||
      (sid !== undefined && typeof sid !== "string") ||
      actor === false ||
      // an impersonation lives only in its session, which names the administrator
      (actor !== null && sid === undefined)
    ) {
      throw new TokenError("invalid");
    }
    // One query: is the token revoked, is its session (if any) still alive, is the account not
    // deactivated, and which roles it has now: an administrator's switch-off or role change
    // applies at the next request, not when the token expires.
    const [state] = (
      (await db.execute(sql`select
        exists (select 1 from revoked_tokens where token_id = ${jti as string}) as revoked,
        exists (select 1 from users where id = ${sub}::uuid
          and deactivated_at is not null) as deactivated,
        (select roles from users where id = ${sub}::uuid) as roles,
        ${actor === null ? sql`null` : sql`(select name from users where id = ${actor}::uuid)`}
          as actor_name,
        ${
          sid === undefined
            ? sql`true`
            : sql`exists (select 1 from user_sessions where id = ${sid}::uuid
                and user_id = ${sub}::uuid
                and revoked_at is null and expires_at > ${new Date(now()).toISOString()}::timestamptz
                and ${
                  actor === null
                    ? sql`impersonator_id is null`
                    : sql`impersonator_id = ${actor}::uuid and exists (select 1 from users a
                        where a.id = ${actor}::uuid and a.deactivated_at is null
                        and ${ROLE_ADMIN} = any(a.roles))`
                })`
        } as live`)) as unknown as {
        rows: {
          revoked: boolean;
          deactivated: boolean;
          live: boolean;
          roles: unknown;
          actor_name: string | null;
        }[];
      }
    ).rows;
    if (state?.deactivated) throw new TokenError("deactivated");
    if (state?.revoked || !state?.live) throw new TokenError("revoked");
    const current = rolesOf(state.roles) ?? roles;
    const principal: Principal = {
      userId: sub,
      customerId: cid,
      roles: current,
      isAdmin: isAdmin(current),
      tokenId: jti as string,
      expiresAt: exp as number,
      sessionId: sid ?? null,
      actorId: actor,
      actorName: state.actor_name ?? null,
    };
    return principal;
  }

  /**
   * The token's principal; throws TokenError when it is malformed, forged, expired, revoked or
   * its session has ended (signed out, password changed elsewhere, 7 days unused).
   */
  async function verify(token: string): Promise<Principal> {
    return claimsOf(token, false);
  }

  /**
   * The principal a renewal is for: a valid token, or an expired one whose session is alive (the
   * session outlives the short access token). Extends the session to a full lifetime from now.
   */
  async function verifyForRenewal(token: string): Promise<Principal> {
    const principal = await claimsOf(token, true);
    if (principal.expiresAt <= nowSeconds() && !principal.sessionId) {
      throw new TokenError("expired");
    }
    // an impersonation keeps its 60 minutes: only a user's own session is extended
    if (principal.sessionId && !principal.actorId) {
      await db
        .update(schema.userSessions)
        .set({ expiresAt: sessionEnd() })
        .where(eq(schema.userSessions.id, principal.sessionId));
    }
    return principal;
  }

  /** Revokes the token until it would have expired anyway, and its session; twice is harmless. */
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
    if (principal.sessionId) {
      await db
        .update(schema.userSessions)
        .set({ revokedAt: new Date(now()), revokeReason: reason })
        .where(
          and(
            eq(schema.userSessions.id, principal.sessionId),
            isNull(schema.userSessions.revokedAt),
          ),
        );
    }
  }

  /**
   * Ends every session of a user but `keep` (a password change keeps the session it was made
   * in): their tokens stop working at once and can no longer be renewed.
   */
  async function revokeSessionsOf(userId: string, reason: string, keep?: string | null) {
    await db
      .update(schema.userSessions)
      .set({ revokedAt: new Date(now()), revokeReason: reason })
      .where(
        and(
          eq(schema.userSessions.userId, userId),
          isNull(schema.userSessions.revokedAt),
          ...(keep ? [ne(schema.userSessions.id, keep)] : []),
        ),
      );
  }

  /** Drops revocations of tokens that have expired since, and sessions that have ended. */
  async function purgeExpiredRevocations(): Promise<void> {
    await db
      .delete(schema.revokedTokens)
      .where(lt(schema.revokedTokens.expiresAt, new Date(now())));
    await db.delete(schema.userSessions).where(lt(schema.userSessions.expiresAt, new Date(now())));
  }

  return {
    issue,
    issueImpersonation,
    verify,
    verifyForRenewal,
    revoke,
    revokeSessionsOf,
    purgeExpiredRevocations,
    lifetimeSeconds,
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

/** How long an administrator's view as a user lasts (issue 22): then its session ends. */
export const IMPERSONATION_SECONDS = 60 * 60;

/** The `act` claim's actor id; null without one, false when it is not `{ sub: <uuid> }`. */
function actorOf(act: unknown): string | null | false {
  if (act === undefined) return null;
  if (typeof act !== "object" || act === null || Array.isArray(act)) return false;
  const { sub } = act as { sub?: unknown };
  return typeof sub === "string" && UUID.test(sub) ? sub : false;
}

/**
 * The roles column as the driver returns it: an array (PostgreSQL via node-postgres, PGlite) or
 * the array literal `{ROLE_USER,ROLE_ADMIN}`; null when the user row is gone.
 */
function rolesOf(value: unknown): string[] | null {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "string" && value.startsWith("{") && value.endsWith("}"))
    return value
      .slice(1, -1)
      .split(",")
      .filter((r) => r !== "")
      .map((r) => r.replace(/^"|"$/g, ""));
  return null;
}
