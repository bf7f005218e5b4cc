import {
  type Database,
  decoyPasswordHash,
  hashPassword,
  schema,
  verifyPassword,
} from "@starport/db";
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AuditLog } from "../audit/audit-log.ts";
import { TooManyRequestsError, UnauthorizedError, ValidationError } from "../errors.ts";
import { parseBody, violation } from "../validation.ts";
import { isAdmin, type Principal, ROLE_ADMIN } from "./principal.ts";
import {
  type AuthRateLimits,
  createRateLimiter,
  DEFAULT_AUTH_RATE_LIMITS,
  type RateLimiter,
} from "./rate-limit.ts";
import { ACCOUNT_DEACTIVATED, TokenError, type TokenService } from "./tokens.ts";

/** One message for an unknown email and a wrong password: no user enumeration. */
export const INVALID_CREDENTIALS = "Invalid credentials.";

type UserRow = typeof schema.users.$inferSelect;

/** The user as POST /api/sign-in answers it (spec §3: roles, finishedOnboardingAt, …). */
export const userView = z
  .object({
    "@id": z.string(),
    "@type": z.literal("User"),
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    roles: z.array(z.string()),
    isAdmin: z.boolean(),
    finishedOnboardingAt: z.iso.datetime().nullable(),
    locale: z.string(),
    /** Whether the user chose `locale`; only a chosen language applies at sign-in. */
    localeChosen: z.boolean(),
    theme: z.object({ name: z.string(), dark: z.boolean() }),
    customer: z.object({ "@id": z.string(), id: z.uuid() }),
    /** Set while an administrator views Starport as this user (the banner names them). */
    impersonation: z
      .object({
        actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
        endsAt: z.iso.datetime(),
      })
      .nullable(),
  })
  .meta({ id: "UserView" });

export type UserView = z.infer<typeof userView>;

export function toUserView(user: UserRow): UserView {
  return {
    "@id": `/api/users/${user.id}`,
    "@type": "User",
    id: user.id,
    name: user.name,
    email: user.email,
    roles: user.roles,
    isAdmin: isAdmin(user.roles),
    finishedOnboardingAt: user.finishedOnboardingAt?.toISOString() ?? null,
    locale: user.locale,
    localeChosen: user.localeChosen,
    theme: { name: user.themeName, dark: user.darkTheme },
    customer: { "@id": `/api/customers/${user.customerId}`, id: user.customerId },
    impersonation: null,
  };
}

const email = z.string().trim().toLowerCase().max(254).pipe(z.email());

export const loginBody = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  password: z.string().min(1).max(1024),
});

export const registerBody = z.object({
  name: z.string().trim().min(1).max(120),
  company: z.string().trim().min(1).max(160),
  email,
  // argon2 cost does not depend on length, but bound it anyway.
  password: z.string().min(8).max(1024),
  /** The language of the page the user registered on: theirs from then on. */
  locale: z.enum(["de", "en"]).optional(),
});

export const tokenBody = z.object({ token: z.string().min(1).max(4096) });

function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export interface AccountsOptions {
  db: Database;
  tokens: TokenService;
  /** Sign-ins and failed sign-ins go to the audit log. */
  audit?: AuditLog;
  rateLimits?: AuthRateLimits;
  now?: () => number;
}

/** Registration, login, sign-in, refresh and sign-out: the use cases behind /api/login & co. */
export function createAccounts({
  db,
  tokens,
  audit,
  rateLimits = DEFAULT_AUTH_RATE_LIMITS,
  now = Date.now,
}: AccountsOptions) {
  const limiters: Record<keyof AuthRateLimits, RateLimiter> = {
    loginPerIp: createRateLimiter(rateLimits.loginPerIp, now),
    loginPerEmail: createRateLimiter(rateLimits.loginPerEmail, now),
    registerPerIp: createRateLimiter(rateLimits.registerPerIp, now),
    registerPerEmail: createRateLimiter(rateLimits.registerPerEmail, now),
  };

  function enforce(checks: [RateLimiter, string][]) {
    for (const [limiter, key] of checks) {
      const verdict = limiter.check(key);
      if (!verdict.allowed) throw new TooManyRequestsError(verdict.retryAfterSeconds);
    }
  }

  async function findByEmail(address: string): Promise<UserRow | undefined> {
    const [user] = await db
      .select()
      .from(schema.users)
      .where(sql`lower(${schema.users.email}) = ${address.toLowerCase()}`)
      .limit(1);
    return user;
  }

  async function findById(id: string): Promise<UserRow | undefined> {
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, id)).limit(1);
    return user;
  }

  async function issueFor(user: UserRow): Promise<string> {
    const { token } = await tokens.issue({
      id: user.id,
      customerId: user.customerId,
      roles: user.roles,
    });
    return token;
  }

  /** POST /api/login: {email, password} → {token}; 401 with one message for every failure. */
  async function login(body: unknown, ip: string): Promise<{ token: string }> {
    const input = parseBody(loginBody, body);
    const ipKey = `ip:${ip}`;
    const emailKey = `email:${input.email}`;
    enforce([
      [limiters.loginPerIp, ipKey],
      [limiters.loginPerEmail, emailKey],
    ]);
    const user = await findByEmail(input.email);
    // Always pay for one argon2 verification, so timing does not tell whether the email exists.
    const matches = await verifyPassword(
      user?.passwordHash ?? (await decoyPasswordHash()),
      input.password,
    );
    if (!user?.passwordHash || !matches) {
      limiters.loginPerIp.hit(ipKey);
      limiters.loginPerEmail.hit(emailKey);
      await audit?.record({
        action: "sign-in-failed",
        subjectUserId: user?.id ?? null,
        subjectEmail: input.email,
        ip,
        details: { reason: user ? "password" : "unknownEmail" },
      });
      throw new UnauthorizedError(INVALID_CREDENTIALS);
    }
    limiters.loginPerEmail.reset(emailKey);
    // Told only after the password matched, so it does not reveal which addresses exist.
    if (user.deactivatedAt) {
      await audit?.record({
        action: "sign-in-failed",
        subjectUserId: user.id,
        subjectEmail: user.email,
        ip,
        details: { reason: "deactivated" },
      });
      throw new UnauthorizedError(ACCOUNT_DEACTIVATED);
    }
    await audit?.record({
      action: "sign-in",
      actorUserId: user.id,
      actorEmail: user.email,
      subjectUserId: user.id,
      subjectEmail: user.email,
      ip,
    });
    await db
      .update(schema.users)
      .set({ lastSignInAt: new Date(now()) })
      .where(eq(schema.users.id, user.id));
    return { token: await issueFor(user) };
  }

  /** POST /api/register: a new customer (the company) and its first user; answers {token}. */
  async function register(body: unknown, ip: string): Promise<{ token: string }> {
    const ipKey = `ip:${ip}`;
    enforce([[limiters.registerPerIp, ipKey]]);
    limiters.registerPerIp.hit(ipKey);
    const input = parseBody(registerBody, body);
    const emailKey = `email:${input.email}`;
    enforce([[limiters.registerPerEmail, emailKey]]);
    limiters.registerPerEmail.hit(emailKey);
    const passwordHash = await hashPassword(input.password);
    try {
      const user = await db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ id: schema.users.id })
          .from(schema.users)
          .where(sql`lower(${schema.users.email}) = ${input.email}`)
          .limit(1);
        if (taken) throw new ValidationError([violation("email", "emailTaken")]);
        const [customer] = await tx
          .insert(schema.customers)
          .values({ name: input.company })
          .returning();
        const [created] = await tx
          .insert(schema.users)
          .values({
            customerId: customer!.id,
            email: input.email,
            name: input.name,
            passwordHash,
            roles: ["ROLE_USER"],
            ...(input.locale ? { locale: input.locale, localeChosen: true } : {}),
          })
          .returning();
        return created!;
      });
      return { token: await issueFor(user) };
    } catch (error) {
      // Two registrations racing for one address: the unique index decides.
      if (isUniqueViolation(error)) throw new ValidationError([violation("email", "emailTaken")]);
      throw error;
    }
  }

  async function verifyToken(token: string): Promise<Principal> {
    try {
      return await tokens.verify(token);
    } catch (error) {
      if (error instanceof TokenError) throw new UnauthorizedError(error.message);
      throw error;
    }
  }

  /** POST /api/sign-in: {token} → the user the token belongs to. */
  async function signIn(body: unknown): Promise<UserView> {
    const { token } = parseBody(tokenBody, body);
    const principal = await verifyToken(token);
    return viewOf(principal);
  }

  /** The user behind the principal, with the impersonating administrator when there is one. */
  async function viewOf(principal: Principal): Promise<UserView> {
    const user = await findById(principal.userId);
    if (!user) throw new UnauthorizedError("Invalid JWT Token");
    const view = toUserView(user);
    if (!principal.actorId || !principal.sessionId) return view;
    const [actor, [session]] = await Promise.all([
      findById(principal.actorId),
      db
        .select({ expiresAt: schema.userSessions.expiresAt })
        .from(schema.userSessions)
        .where(eq(schema.userSessions.id, principal.sessionId)),
    ]);
    if (!actor || !session) throw new UnauthorizedError("Invalid JWT Token");
    return {
      ...view,
      impersonation: {
        actor: { id: actor.id, name: actor.name, email: actor.email },
        endsAt: session.expiresAt.toISOString(),
      },
    };
  }

  /**
   * POST /api/refresh-token: the current token → {access_token}, a fresh one in the same session.
   * An expired token is renewed while its session lives (7 days from the last renewal, until
   * sign-out or a password change), so closing the tab for an hour does not sign out.
   */
  async function refresh(token: string): Promise<{ access_token: string }> {
    let principal: Principal;
    try {
      principal = await tokens.verifyForRenewal(token);
    } catch (error) {
      if (error instanceof TokenError) throw new UnauthorizedError(error.message);
      throw error;
    }
    const user = await findById(principal.userId);
    if (!user) throw new UnauthorizedError("Invalid JWT Token");
    const { token: fresh } = await tokens.issue(
      { id: user.id, customerId: user.customerId, roles: user.roles },
      principal.sessionId ?? undefined,
      principal.actorId,
    );
    return { access_token: fresh };
  }

  /** Sign-out: the token and its session stop working now, not when they expire. */
  async function signOut(principal: Principal): Promise<void> {
    await tokens.revoke(principal, "sign-out");
  }

  /** After a password change: every other session of the user ends (this one stays). */
  async function endOtherSessions(principal: Principal, reason: string): Promise<void> {
    await tokens.revokeSessionsOf(principal.userId, reason, principal.sessionId);
  }

  async function currentUser(principal: Principal): Promise<UserView> {
    return viewOf(principal);
  }

  return { login, register, signIn, refresh, signOut, endOtherSessions, currentUser, findById };
}

export type Accounts = ReturnType<typeof createAccounts>;

/**
 * Production's first administrator comes from configuration (ADMIN_EMAIL, ADMIN_PASSWORD): created
 * with its own customer when missing; an existing account with that email gains ROLE_ADMIN, and
 * its password is left alone.
 */
export async function ensureInitialAdmin(
  db: Database,
  admin: { email: string; password: string; name: string },
): Promise<"created" | "promoted" | "unchanged"> {
  const address = admin.email.trim().toLowerCase();
  const [existing] = await db
    .select()
    .from(schema.users)
    .where(sql`lower(${schema.users.email}) = ${address}`)
    .limit(1);
  if (existing) {
    if (isAdmin(existing.roles)) return "unchanged";
    await db
      .update(schema.users)
      .set({ roles: [...existing.roles, ROLE_ADMIN] })
      .where(eq(schema.users.id, existing.id));
    return "promoted";
  }
  const passwordHash = await hashPassword(admin.password);
  await db.transaction(async (tx) => {
    const [customer] = await tx
      .insert(schema.customers)
      .values({ name: "Starport Operations" })
      .returning();
    await tx.insert(schema.users).values({
      customerId: customer!.id,
      email: address,
      name: admin.name,
      passwordHash,
      roles: ["ROLE_USER", ROLE_ADMIN],
      finishedOnboardingAt: new Date(),
    });
  });
  return "created";
}

/** Dev mode's stand-in caller for anonymous requests: the oldest administrator, else the oldest user. */
export async function devModeSubject(db: Database): Promise<UserRow | undefined> {
  const [admin] = await db
    .select()
    .from(schema.users)
    .where(sql`${ROLE_ADMIN} = any(${schema.users.roles})`)
    .orderBy(asc(schema.users.createdAt))
    .limit(1);
  if (admin) return admin;
  const [first] = await db
    .select()
    .from(schema.users)
    .orderBy(asc(schema.users.createdAt))
    .limit(1);
  return first;
}
