/**
 * The session (spec §4): the access token, the signed-in user, the auth error, the selected seller
 * profile and the connection-failure flags. Plain data and pure helpers here; the browser store
 * is in store.ts, the server side in server-session.ts.
 */
import type { CookieOptions } from "../lib/cookies.ts";

/** Spec §3/§9: the token is mirrored in a cookie named token for 604800 s (7 days). */
export const TOKEN_COOKIE = "token";
export const TOKEN_COOKIE_MAX_AGE = 604_800;
/** The stored seller-profile reference (its id). */
export const PROFILE_COOKIE = "sellerProfile";
export const PROFILE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function tokenCookieOptions(secure: boolean): CookieOptions {
  return { maxAgeSeconds: TOKEN_COOKIE_MAX_AGE, sameSite: "Lax", secure };
}

export function profileCookieOptions(secure: boolean): CookieOptions {
  return { maxAgeSeconds: PROFILE_COOKIE_MAX_AGE, sameSite: "Lax", secure };
}

/** Spec §4: the keys a failed sign-in sends to /login, shown translated. */
export const AUTH_ERROR_KEYS = [
  "authenticationError.general",
  "authenticationError.sessionExpired",
  "authenticationError.unexpectedError",
  "authenticationError.accountDeactivated",
] as const;
export type AuthErrorKey = (typeof AUTH_ERROR_KEYS)[number];
export const AUTH_ERROR_PARAM = "authError";
/** The API's 401 detail for a deactivated account (its tokens and its sign-in attempts). */
export const ACCOUNT_DEACTIVATED = "Account deactivated.";

export function isAuthErrorKey(value: unknown): value is AuthErrorKey {
  return typeof value === "string" && (AUTH_ERROR_KEYS as readonly string[]).includes(value);
}

/** The user as POST /api/sign-in answers it. */
export interface SessionUser {
  "@id": string;
  id: string;
  name: string;
  email: string;
  roles: string[];
  finishedOnboardingAt: string | null;
  locale: string;
  /** Whether the user chose `locale` (registration, profile): then it applies at sign-in. */
  localeChosen: boolean;
  theme: { name: string; dark: boolean };
  customer: { "@id": string; id: string };
  /** Set while an administrator views Starport as this user: the banner names them. */
  impersonation?: {
    actor: { id: string; name: string; email: string };
    endsAt: string;
  } | null;
}

/** The loaded seller profile (spec §3). */
export interface SellerProfile {
  "@id": string;
  id: string;
  name: string;
  customer?: { id: string };
  settings: {
    defaultAdvertisingMetric: string;
    defaultCurrency: string;
    defaultMarketplace: string;
  };
}

export const ROLE_ADMIN = "ROLE_ADMIN";

/** Spec §6: admin iff the roles include ROLE_ADMIN, or always in dev mode; no user, not admin. */
export function isAdminUser(user: SessionUser | null | undefined, devMode = false): boolean {
  if (devMode) return true;
  return user?.roles.includes(ROLE_ADMIN) ?? false;
}

/** Spec §4: finished iff finishedOnboardingAt is set; always finished in dev mode. */
export function hasFinishedOnboarding(
  user: SessionUser | null | undefined,
  devMode = false,
): boolean {
  if (devMode) return true;
  return user?.finishedOnboardingAt != null;
}

/** The routes an unfinished onboarding does not redirect away from (spec §4). */
export const ONBOARDING_EXEMPT_PATHS = [
  "/register",
  "/login",
  "/advertising-api-auth",
  "/sp-api-auth",
] as const;

/** The token's exp claim in seconds, or null when the token cannot be read. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === "number" && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/** Spec §4/§9: the check runs every 60 s and refreshes when fewer than 5 minutes remain. */
export const TOKEN_CHECK_INTERVAL_MS = 60_000;
export const TOKEN_REFRESH_WINDOW_MS = 300_000;

/** Whether the background check should refresh now: inside the window, not after expiry. */
export function shouldRefresh(token: string | null, nowMs: number): boolean {
  if (!token) return false;
  const exp = tokenExpiry(token);
  if (exp === null) return false;
  const remaining = exp * 1000 - nowMs;
  return remaining > 0 && remaining <= TOKEN_REFRESH_WINDOW_MS;
}

/** Maps a failed POST /api/sign-in to the auth error key the login page shows. */
export function authErrorFor(status: number | null, detail: unknown): AuthErrorKey {
  if (status === 401) {
    if (detail === ACCOUNT_DEACTIVATED) return "authenticationError.accountDeactivated";
    return detail === "Expired JWT Token"
      ? "authenticationError.sessionExpired"
      : "authenticationError.general";
  }
  return "authenticationError.unexpectedError";
}

/**
 * A path to return to after profile selection or sign-in: only same-site absolute paths, never
 * "//host" or a scheme, so the parameter cannot send anyone elsewhere.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return null;
  }
  return value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export function isProfileId(value: string | null | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
}
