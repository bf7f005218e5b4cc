import { redirect } from "react-router";
import { isLocale, localeFromAcceptLanguage } from "../i18n/i18n.ts";
import { serializeCookie } from "../lib/cookies.ts";
import { LOCALE_COOKIE, LOCALE_COOKIE_OPTIONS, rememberedLocale } from "../lib/locale.ts";
import { DEFAULT_LOCALE, type Locale, localizePath } from "../route-table.ts";
import type { RouteMiddleware } from "./types.ts";

/** Decides the locale for a request to "/": a remembered choice wins, else the browser language. */
export function decideLocale(
  cookieHeader: string | null,
  acceptLanguage: string | null,
): { locale: Locale; setCookie: string | null } {
  const remembered = rememberedLocale(cookieHeader);
  if (isLocale(remembered)) return { locale: remembered, setCookie: null };
  const detected = localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
  return {
    locale: detected,
    setCookie: serializeCookie(LOCALE_COOKIE, detected, LOCALE_COOKIE_OPTIONS),
  };
}

/** At "/" only (spec §2): pick and remember the locale; English lives under /en. */
export const detectLocale: RouteMiddleware = {
  async server({ request, url }, next) {
    if (url.pathname !== "/") return next();
    const { locale, setCookie } = decideLocale(
      request.headers.get("cookie"),
      request.headers.get("accept-language"),
    );
    if (locale !== DEFAULT_LOCALE) {
      const headers = new Headers();
      if (setCookie) headers.append("Set-Cookie", setCookie);
      throw redirect(`${localizePath("/", locale)}${url.search}`, { headers });
    }
    const response = await next();
    if (setCookie) response.headers.append("Set-Cookie", setCookie);
    return response;
  },
};
