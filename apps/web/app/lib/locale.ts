import { DEFAULT_LOCALE, type Locale, splitLocale } from "../route-table.ts";
import { type CookieOptions, readCookie } from "./cookies.ts";

/** Spec §2: the locale choice is remembered in this cookie for 365 days, SameSite Lax. */
export const LOCALE_COOKIE = "i18n_redirected";
export const LOCALE_COOKIE_OPTIONS: CookieOptions = {
  maxAgeSeconds: 365 * 24 * 60 * 60,
  sameSite: "Lax",
};

export function localeOfPath(pathname: string): Locale {
  return splitLocale(pathname).locale;
}

export function rememberedLocale(cookieHeader: string | null): string | null {
  return readCookie(cookieHeader, LOCALE_COOKIE);
}

export { DEFAULT_LOCALE };
