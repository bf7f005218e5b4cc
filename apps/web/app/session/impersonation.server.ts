/**
 * An administrator's view of Starport as a user (issue 22): the start swaps the `token` cookie for
 * the impersonation's token and keeps the administrator's own token in an HttpOnly cookie, so the
 * end can give it back; the end revokes the impersonation first. Both answer a redirect that
 * reloads the document, so every part of the page starts again as the new user.
 */
import { type RouterContextProvider, redirectDocument } from "react-router";
import { serverContext } from "#server-context";
import { ApiError, createApiClient } from "../lib/api/client.ts";
import { readCookie, serializeCookie } from "../lib/cookies.ts";
import { localizePath } from "../route-table.ts";
import {
  clearProfileCookie,
  clearTokenCookie,
  localeOfRequest,
  resourceRouteApi,
  secureCookies,
  tokenCookie,
  tokenFromRequest,
} from "./server-session.ts";
import { PROFILE_COOKIE, profileCookieOptions } from "./session.ts";

export const IMPERSONATOR_COOKIE = "impersonator";
/** As long as an impersonation can last. */
const IMPERSONATOR_MAX_AGE = 60 * 60;

type Context = Readonly<RouterContextProvider>;

/** The API's refusals of a start and the keys that explain them. */
const REFUSALS: Record<string, string> = {
  "Administrators cannot be impersonated.": "impersonation.refused.admin",
  "A deactivated user cannot be impersonated.": "impersonation.refused.deactivated",
};

export async function startImpersonation(
  context: Context,
  request: Request,
  userId: string,
): Promise<Response | { ok: false; error: string }> {
  const own = tokenFromRequest(request);
  if (!own) return { ok: false, error: "impersonation.failed" };
  let token: string;
  try {
    ({ token } = await resourceRouteApi(context, request).json<{ token: string }>(
      `/api/admin/users/${encodeURIComponent(userId)}/impersonation`,
      { method: "POST" },
    ));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
      const detail = String((error.body as { detail?: unknown } | null)?.detail);
      return { ok: false, error: REFUSALS[detail] ?? "impersonation.failed" };
    }
    throw error;
  }
  const secure = secureCookies(context, request);
  const headers = new Headers();
  headers.append("Set-Cookie", tokenCookie(token, secure));
  headers.append(
    "Set-Cookie",
    serializeCookie(IMPERSONATOR_COOKIE, own, {
      maxAgeSeconds: IMPERSONATOR_MAX_AGE,
      sameSite: "Lax",
      secure,
      httpOnly: true,
    }),
  );
  // the user's first seller profile, as their own first visit would pick it (the administrator's
  // selection is not theirs)
  const asUser = createApiClient({
    transport: context.get(serverContext).apiTransport,
    getToken: () => token,
  });
  const profiles = await asUser.json<{ "hydra:member": { id: string }[] }>(
    "/api/seller_profiles?itemsPerPage=1",
  );
  const first = profiles["hydra:member"][0]?.id;
  headers.append(
    "Set-Cookie",
    first
      ? serializeCookie(PROFILE_COOKIE, first, profileCookieOptions(secure))
      : clearProfileCookie(secure),
  );
  return redirectDocument(localizePath("/", localeOfRequest(request)), { headers });
}

export async function endImpersonation(context: Context, request: Request): Promise<Response> {
  const locale = localeOfRequest(request);
  try {
    await resourceRouteApi(context, request).request("/api/impersonation", { method: "DELETE" });
  } catch (error) {
    // an impersonation that already ended (60 minutes, or ended in another tab) ends here too
    if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 409)) throw error;
  }
  const secure = secureCookies(context, request);
  const own = readCookie(request.headers.get("cookie"), IMPERSONATOR_COOKIE);
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    serializeCookie(IMPERSONATOR_COOKIE, "", { maxAgeSeconds: 0, secure, httpOnly: true }),
  );
  headers.append("Set-Cookie", clearProfileCookie(secure));
  headers.append("Set-Cookie", own ? tokenCookie(own, secure) : clearTokenCookie(secure));
  return redirectDocument(localizePath(own ? "/admin/users" : "/login", locale), { headers });
}
