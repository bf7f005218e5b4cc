/**
 * The session's route middleware (spec §4, §6): auth, onboarding, profile, admin; the guards in
 * app/guards/ chain them.
 * Server halves run on document and data requests (so client navigations pass them too); the
 * "auth" client half follows the browser store exactly as spec §4 describes.
 */
import { data, redirect } from "react-router";
import { serverContext } from "#server-context";
import { localizePath, splitLocale } from "../route-table.ts";
import {
  clearProfileCookie,
  loginRedirect,
  profileIdFromRequest,
  secureCookies,
  serverApi,
  sessionContext,
  signInOnServer,
  signInOrRenew,
  tokenCookie,
  tokenFromRequest,
} from "../session/server-session.ts";
import {
  AUTH_ERROR_PARAM,
  hasFinishedOnboarding,
  isAdminUser,
  isProfileId,
  ONBOARDING_EXEMPT_PATHS,
  type SellerProfile,
} from "../session/session.ts";
import { browserDevMode, sessionStore } from "../session/store.ts";
import type { RouteMiddleware } from "./types.ts";

/** Signed in or sent to /login (spec §4); dev mode lets everyone through. */
export const authMiddleware: RouteMiddleware = {
  async server({ request, context }, next) {
    const { devMode } = context.get(serverContext).publicConfig;
    const token = tokenFromRequest(request);
    if (!token) {
      if (devMode) return next();
      throw loginRedirect(request, context, null);
    }
    const result = await signInOrRenew(context, token);
    if (!result.ok) {
      if (devMode) return next();
      throw loginRedirect(request, context, result.error, { clearToken: true });
    }
    context.set(sessionContext, {
      ...context.get(sessionContext),
      token: result.token,
      user: result.user,
    });
    const response = await next();
    // An expired token renewed by its session: the browser keeps the fresh one.
    if (result.renewed) {
      response.headers.append(
        "Set-Cookie",
        tokenCookie(result.token, secureCookies(context, request)),
      );
    }
    return response;
  },
  async client({ url }, next) {
    if (browserDevMode()) return next();
    const store = sessionStore();
    if (store.getState().token) return next();
    const { locale } = splitLocale(url.pathname);
    const login = localizePath("/login", locale);
    const cookieToken = store.cookieToken();
    if (!cookieToken) throw redirect(login);
    const result = await store.signIn(cookieToken);
    if (!result.ok) throw redirect(`${login}?${AUTH_ERROR_PARAM}=${result.error}`);
    return next();
  },
};

/**
 * Spec §4 onboarding: while unfinished, everything but /register, /login, /advertising-api-auth
 * and /sp-api-auth goes to /getting-started; once finished, /getting-started goes to /.
 * On public routes the user is looked up from the cookie without insisting on a sign-in.
 */
export const onboardingMiddleware: RouteMiddleware = {
  async server({ request, context, url }, next) {
    const { devMode } = context.get(serverContext).publicConfig;
    let { user } = context.get(sessionContext);
    const token = tokenFromRequest(request);
    if (!user && token) {
      const result = await signInOnServer(context, token);
      if (result.ok) {
        user = result.user;
        context.set(sessionContext, { ...context.get(sessionContext), token, user });
      }
    }
    const { locale, path } = splitLocale(url.pathname);
    if (!user && !devMode) return next();
    const finished = hasFinishedOnboarding(user, devMode);
    if (
      !finished &&
      path !== "/getting-started" &&
      !ONBOARDING_EXEMPT_PATHS.some((p) => p === path)
    ) {
      throw redirect(localizePath("/getting-started", locale));
    }
    if (finished && path === "/getting-started") throw redirect(localizePath("/", locale));
    return next();
  },
};

/** Spec §6: /admin/* is refused to non-admins with the 403 page, on the server. */
export const adminMiddleware: RouteMiddleware = {
  async server({ context, url }, next) {
    const { devMode } = context.get(serverContext).publicConfig;
    if (!isAdminUser(context.get(sessionContext).user, devMode)) {
      throw data(
        { path: `${url.pathname}${url.search}` },
        { status: 403, statusText: "Forbidden" },
      );
    }
    return next();
  },
};

/**
 * Spec §4 profile: with no profile loaded, read the stored reference (cookie) and fetch it; on
 * failure clear it and go to /profile-selection, remembering path and query (the browser keeps
 * the hash across the redirect, and the selection page returns to all three).
 */
export const profileMiddleware: RouteMiddleware = {
  async server({ request, context, url }, next) {
    const id = profileIdFromRequest(request);
    const { locale } = splitLocale(url.pathname);
    const toSelection = (clear: boolean) => {
      const target = `${localizePath("/profile-selection", locale)}?redirect=${encodeURIComponent(
        `${url.pathname}${url.search}`,
      )}`;
      const headers = new Headers();
      if (clear) headers.append("Set-Cookie", clearProfileCookie(secureCookies(context, request)));
      return redirect(target, { headers });
    };
    if (!isProfileId(id)) throw toSelection(id !== null);
    let profile: SellerProfile;
    try {
      profile = await serverApi(context, request).json<SellerProfile>(`/api/seller_profiles/${id}`);
    } catch (error) {
      // A 401 is a sign-out (serverApi throws the login redirect); anything else: choose again.
      if (error instanceof Response) throw error;
      throw toSelection(true);
    }
    context.set(sessionContext, { ...context.get(sessionContext), profile });
    return next();
  },
};
