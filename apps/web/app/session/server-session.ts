/**
 * The session during one server request (document render or data request): the token comes
 * from the `token` cookie, the route middleware signs in with it and keeps the user here, and
 * loaders call the API in-process with it as Bearer. No Node-only imports: the route middleware
 * that uses this also ships to the browser (React Router drops the server half there).
 */
import { createContext, type RouterContextProvider, redirect } from "react-router";
import { serverContext } from "#server-context";
import { type ApiClient, ApiError, createApiClient } from "../lib/api/client.ts";
import { readCookie, serializeCookie } from "../lib/cookies.ts";
import { type Locale, localizePath, splitLocale } from "../route-table.ts";
import {
  AUTH_ERROR_PARAM,
  type AuthErrorKey,
  authErrorFor,
  PROFILE_COOKIE,
  profileCookieOptions,
  type SellerProfile,
  type SessionUser,
  TOKEN_COOKIE,
  tokenCookieOptions,
} from "./session.ts";

export interface ServerSession {
  token: string | null;
  user: SessionUser | null;
  profile: SellerProfile | null;
}

export const sessionContext = createContext<ServerSession>({
  token: null,
  user: null,
  profile: null,
});

type Context = Readonly<RouterContextProvider>;

export function tokenFromRequest(request: Request): string | null {
  return readCookie(request.headers.get("cookie"), TOKEN_COOKIE) || null;
}

export function profileIdFromRequest(request: Request): string | null {
  return readCookie(request.headers.get("cookie"), PROFILE_COOKIE) || null;
}

/** Secure cookies in production served over HTTPS (plain-HTTP Secure cookies are dropped). */
export function secureCookies(context: Context, request: Request): boolean {
  return context.get(serverContext).isProduction && new URL(request.url).protocol === "https:";
}

export function clearTokenCookie(secure: boolean): string {
  return serializeCookie(TOKEN_COOKIE, "", { ...tokenCookieOptions(secure), maxAgeSeconds: 0 });
}

export function clearProfileCookie(secure: boolean): string {
  return serializeCookie(PROFILE_COOKIE, "", { ...profileCookieOptions(secure), maxAgeSeconds: 0 });
}

/**
 * The API as this request's user: in-process, Bearer token from the session. A 401 signs out:
 * the loader answers a redirect to /login that clears the token cookie.
 */
export function serverApi(context: Context, request: Request): ApiClient {
  const server = context.get(serverContext);
  return createApiClient({
    transport: server.apiTransport,
    getToken: () => context.get(sessionContext).token,
    onUnauthorized: () => {
      throw loginRedirect(request, context, "authenticationError.sessionExpired", {
        clearToken: true,
      });
    },
  });
}

/**
 * The API as the caller of a resource route (an export, a fetcher's action): these have no layout,
 * so no session middleware put the cookie's token in the context; take it from the request.
 */
export function resourceRouteApi(context: Context, request: Request): ApiClient {
  context.set(sessionContext, { ...context.get(sessionContext), token: tokenFromRequest(request) });
  return serverApi(context, request);
}

/**
 * POST /api/refresh-token (in-process) with an expired token: the session behind it (7 days,
 * until sign-out or a password change) renews it silently. The fresh token, or null.
 */
export async function renewOnServer(context: Context, token: string): Promise<string | null> {
  const api = createApiClient({
    transport: context.get(serverContext).apiTransport,
    getToken: () => null,
  });
  try {
    const { access_token } = await api.json<{ access_token?: unknown }>("/api/refresh-token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
    });
    return typeof access_token === "string" && access_token ? access_token : null;
  } catch {
    return null;
  }
}

/**
 * Signs in with the cookie's token; an expired one is renewed first when its session lives.
 * `renewed` is the new token the response must store in the cookie.
 */
export async function signInOrRenew(
  context: Context,
  token: string,
): Promise<
  | { ok: true; user: SessionUser; token: string; renewed: boolean }
  | { ok: false; error: AuthErrorKey }
> {
  const first = await signInOnServer(context, token);
  if (first.ok) return { ...first, token, renewed: false };
  if (first.error !== "authenticationError.sessionExpired") return first;
  const fresh = await renewOnServer(context, token);
  if (!fresh) return first;
  const second = await signInOnServer(context, fresh);
  return second.ok ? { ...second, token: fresh, renewed: true } : second;
}

/** The Set-Cookie of a renewed token (7 days, as the browser store writes it). */
export function tokenCookie(token: string, secure: boolean): string {
  return serializeCookie(TOKEN_COOKIE, token, tokenCookieOptions(secure));
}

/** POST /api/sign-in with the token (in-process): the user, or the auth error key. */
export async function signInOnServer(
  context: Context,
  token: string,
): Promise<{ ok: true; user: SessionUser } | { ok: false; error: AuthErrorKey }> {
  const api = createApiClient({
    transport: context.get(serverContext).apiTransport,
    getToken: () => null,
  });
  try {
    const user = await api.json<SessionUser>("/api/sign-in", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
    });
    return { ok: true, user };
  } catch (error) {
    if (error instanceof ApiError) {
      return {
        ok: false,
        error: authErrorFor(error.status, (error.body as { detail?: unknown } | null)?.detail),
      };
    }
    return { ok: false, error: authErrorFor(null, null) };
  }
}

export function localeOfRequest(request: Request): Locale {
  return splitLocale(new URL(request.url).pathname).locale;
}

/** Redirect to the localized /login, optionally with an auth error key and clearing the cookie. */
export function loginRedirect(
  request: Request,
  context: Context,
  error: AuthErrorKey | null,
  { clearToken = false }: { clearToken?: boolean } = {},
): Response {
  const target = new URL(localizePath("/login", localeOfRequest(request)), "http://x");
  if (error) target.searchParams.set(AUTH_ERROR_PARAM, error);
  const headers = new Headers();
  if (clearToken) headers.append("Set-Cookie", clearTokenCookie(secureCookies(context, request)));
  return redirect(`${target.pathname}${target.search}`, { headers });
}
