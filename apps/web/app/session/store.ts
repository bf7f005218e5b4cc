/**
 * The browser's session store (spec §4). Signed in iff a token is held; the token is mirrored in
 * the `token` cookie so server renders and loaders see it too. Server renders never touch this
 * store: they read the cookie per request (server-session.ts).
 */
import { type ApiClient, ApiError, browserTransport, createApiClient } from "../lib/api/client.ts";
import { readCookie, writeBrowserCookie } from "../lib/cookies.ts";
import {
  type AuthErrorKey,
  authErrorFor,
  PROFILE_COOKIE,
  profileCookieOptions,
  type SellerProfile,
  type SessionUser,
  shouldRefresh,
  TOKEN_COOKIE,
  tokenCookieOptions,
  tokenExpiry,
} from "./session.ts";

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  authError: AuthErrorKey | null;
  profile: SellerProfile | null;
  /** Spec §4: whether connecting the Selling Partner API / the Advertising API failed. */
  spApiConnectionFailed: boolean;
  adsApiConnectionFailed: boolean;
}

const INITIAL: SessionState = {
  token: null,
  user: null,
  authError: null,
  profile: null,
  spApiConnectionFailed: false,
  adsApiConnectionFailed: false,
};

type Listener = () => void;

export interface SessionStoreOptions {
  /** Secure cookies (production over HTTPS). */
  secureCookies: () => boolean;
  /** Where the 401 handler and sign-out navigate: the localized /login. */
  navigateToLogin: () => void;
}

export function createSessionStore(options: SessionStoreOptions) {
  let state: SessionState = INITIAL;
  const listeners = new Set<Listener>();

  function update(patch: Partial<SessionState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function writeTokenCookie(token: string | null) {
    const opts = tokenCookieOptions(options.secureCookies());
    if (token) writeBrowserCookie(TOKEN_COOKIE, token, opts);
    else writeBrowserCookie(TOKEN_COOKIE, "", { ...opts, maxAgeSeconds: 0 });
  }

  const store = {
    getState: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Spec §4: setting a non-null token clears any auth error; the cookie mirrors it. */
    setToken(token: string | null) {
      writeTokenCookie(token);
      update(token ? { token, authError: null } : { token: null });
    },
    /** The token and the user go; the cookie is cleared. */
    clearToken() {
      writeTokenCookie(null);
      update({ token: null, user: null });
    },
    setUser(user: SessionUser | null) {
      update({ user });
    },
    setAuthError(authError: AuthErrorKey | null) {
      update({ authError });
    },
    setProfile(profile: SellerProfile | null) {
      const opts = profileCookieOptions(options.secureCookies());
      if (profile) writeBrowserCookie(PROFILE_COOKIE, profile.id, opts);
      else writeBrowserCookie(PROFILE_COOKIE, "", { ...opts, maxAgeSeconds: 0 });
      update({ profile });
    },
    setConnectionFailed(api: "sp-api" | "ads-api", failed: boolean) {
      update(
        api === "sp-api" ? { spApiConnectionFailed: failed } : { adsApiConnectionFailed: failed },
      );
    },
    /** The token cookie as the server or another tab left it. */
    cookieToken(): string | null {
      return readCookie(document.cookie, TOKEN_COOKIE) || null;
    },
    /** Takes over what the server render knew, without writing cookies. */
    hydrate(patch: Partial<Pick<SessionState, "token" | "user" | "profile">>) {
      update(patch);
    },
    /**
     * Spec §4 sign-out: clears the token in the store and the stored token value, then navigates
     * to the login route. Any 401 from the API ends up here.
     */
    signOut() {
      writeTokenCookie(null);
      update({ token: null, user: null, profile: null });
      options.navigateToLogin();
    },
  };

  /** Calls that must not sign out on 401 (login, sign-in, refresh: a 401 there is the answer). */
  const plainApi: ApiClient = createApiClient({
    transport: browserTransport,
    getToken: () => null,
  });

  let renewal: { token: string; fresh: Promise<string | null> } | null = null;

  /**
   * Renews an expired access token through its session (POST /api/refresh-token; the session
   * lives 7 days, until sign-out or a password change): one request however many calls wait.
   * The fresh token is stored; null when the session has ended.
   */
  function renew(token: string): Promise<string | null> {
    if (renewal?.token === token) return renewal.fresh;
    const fresh = (async () => {
      try {
        const { access_token } = await plainApi.json<{ access_token?: unknown }>(
          "/api/refresh-token",
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ token }),
          },
        );
        if (typeof access_token !== "string" || !access_token) return null;
        if (state.token === token) store.setToken(access_token);
        return access_token;
      } catch {
        return null;
      } finally {
        renewal = null;
      }
    })();
    renewal = { token, fresh };
    return fresh;
  }

  /** The token for a request: an expired one is renewed silently first (else sent as is: 401). */
  async function currentToken(): Promise<string | null> {
    const token = state.token;
    if (!token) return null;
    const exp = tokenExpiry(token);
    if (exp === null || exp * 1000 > Date.now()) return token;
    return (await renew(token)) ?? token;
  }

  /** Every browser API call: Bearer token when held, 401 → sign-out, error still thrown. */
  const api: ApiClient = createApiClient({
    transport: browserTransport,
    getToken: currentToken,
    onUnauthorized: () => store.signOut(),
  });

  /**
   * Spec §4 sign-in: POST /api/sign-in {token} answers the user, stored with the token. On
   * failure the token is cleared and the auth error key is set and returned.
   */
  async function signIn(
    token: string,
  ): Promise<{ ok: true; user: SessionUser } | { ok: false; error: AuthErrorKey }> {
    const attempt = (presented: string) =>
      plainApi.json<SessionUser>("/api/sign-in", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: presented }),
      });
    try {
      let current = token;
      let user: SessionUser;
      try {
        user = await attempt(current);
      } catch (error) {
        // An expired token whose session lives is renewed silently, then signs in.
        const expired =
          error instanceof ApiError &&
          authErrorFor(error.status, (error.body as { detail?: unknown } | null)?.detail) ===
            "authenticationError.sessionExpired";
        const fresh = expired ? await renew(token) : null;
        if (!fresh) throw error;
        current = fresh;
        user = await attempt(current);
      }
      store.setToken(current);
      store.setUser(user);
      return { ok: true, user };
    } catch (error) {
      const key =
        error instanceof ApiError
          ? authErrorFor(error.status, (error.body as { detail?: unknown } | null)?.detail)
          : authErrorFor(null, null);
      store.clearToken();
      store.setAuthError(key);
      return { ok: false, error: key };
    }
  }

  /**
   * Spec §4 background check: no token, or expiry more than 5 minutes away or already past →
   * nothing; otherwise refresh and store the new token; a failed refresh clears the token (the
   * check itself never redirects).
   */
  async function checkToken(
    now: number = Date.now(),
  ): Promise<"skipped" | "refreshed" | "cleared"> {
    const token = state.token;
    if (!shouldRefresh(token, now)) return "skipped";
    try {
      const { access_token } = await plainApi.json<{ access_token?: unknown }>(
        "/api/refresh-token",
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ token }),
        },
      );
      if (typeof access_token !== "string" || !access_token) throw new Error("no access_token");
      // A sign-out while the refresh was in flight wins.
      if (state.token !== token) return "skipped";
      store.setToken(access_token);
      return "refreshed";
    } catch {
      if (state.token === token) store.clearToken();
      return "cleared";
    }
  }

  return { ...store, api, plainApi, signIn, checkToken, renew };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

let browserStore: SessionStore | undefined;
let navigateToLogin: () => void = () => {
  window.location.assign("/login");
};
let secure = false;
let devMode = false;

/** Wires the browser store to the router (navigation) and the page (cookies, dev mode). */
export function configureBrowserSession(config: {
  navigateToLogin: () => void;
  secureCookies: boolean;
  devMode: boolean;
}) {
  navigateToLogin = config.navigateToLogin;
  secure = config.secureCookies;
  devMode = config.devMode;
}

/** Dev mode as the server told this page (public config). */
export function browserDevMode(): boolean {
  return devMode;
}

/** The one session store of this browser tab. Never call it during a server render. */
export function sessionStore(): SessionStore {
  if (typeof document === "undefined") {
    throw new Error("sessionStore() is browser-only; server code reads the session context");
  }
  browserStore ??= createSessionStore({
    secureCookies: () => secure,
    navigateToLogin: () => navigateToLogin(),
  });
  return browserStore;
}

/** The browser's API client (Authorization: Bearer, 401 → sign-out). */
export function browserApi(): ApiClient {
  return sessionStore().api;
}
