import { type CookieOptions, readCookie } from "./cookies.ts";

/** Spec §3: the persisted app-state theme setting. */
export interface ThemeSetting {
  name: string;
  dark: boolean;
}

export const DEFAULT_THEME: ThemeSetting = { name: "light-indigo", dark: false };
export const THEME_COOKIE = "theme";
export const THEME_COOKIE_OPTIONS: CookieOptions = {
  maxAgeSeconds: 365 * 24 * 60 * 60,
  sameSite: "Lax",
};

const THEME_NAMES = ["light-indigo"] as const;

/** Cookie value "<name>:<dark|light>"; anything unreadable falls back to the default. */
export function parseTheme(cookieHeader: string | null): ThemeSetting {
  const raw = readCookie(cookieHeader, THEME_COOKIE);
  if (!raw) return DEFAULT_THEME;
  const [name, mode] = raw.split(":");
  return {
    name: (THEME_NAMES as readonly string[]).includes(name ?? "")
      ? (name as string)
      : DEFAULT_THEME.name,
    dark: mode === "dark",
  };
}

export function serializeTheme(theme: ThemeSetting): string {
  return `${theme.name}:${theme.dark ? "dark" : "light"}`;
}
