import { useCallback } from "react";
import { useLocation } from "react-router";
import { type Locale, localizePath, splitLocale } from "../route-table.ts";

export function useLocale(): Locale {
  return splitLocale(useLocation().pathname).locale;
}

/** Turns an unprefixed app path into the current locale's URL. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
