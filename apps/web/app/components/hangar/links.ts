import { useCallback } from "react";
import { type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { useLocalizedPath } from "../../lib/use-locale.ts";

/** The URL parameters every Hangar screen shares (range and currency) and keeps across links. */
export const SHARED_PARAMS = ["range", "from", "to", "currency"] as const;

/** Links between Hangar screens keep the range and the currency. */
export function useHangarLink(): (path: string) => string {
  const localize = useLocalizedPath();
  const [params] = useSearchParams();
  return useCallback(
    (path: string) => {
      const keep = new URLSearchParams();
      for (const name of SHARED_PARAMS) {
        const value = params.get(name);
        if (value) keep.set(name, value);
      }
      const query = keep.toString();
      return query ? `${localize(path)}?${query}` : localize(path);
    },
    [localize, params],
  );
}

/**
 * Loaders need not run again when only view settings changed (visible columns, deltas):
 * the data is the same.
 */
export function onlyViewChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.searchParams);
    for (const key of [...params.keys()]) {
      // Closing a comparison reads nothing: its rows were loaded when it opened.
      const closedComparison = /(^|\.)compare$/.test(key) && !next.searchParams.has(key);
      if (/(^|\.)(cols|delta)$/.test(key) || closedComparison) params.delete(key);
    }
    params.sort();
    return params.toString();
  };
  return strip(current) === strip(next);
}

/**
 * When a Hangar screen reads its data again: not for view settings only (columns, deltas), not
 * for a change staged in the tray (no row differs until it is applied on Amazon), but for an
 * explicit revalidation (a retry, a pushed batch that finished) and for other navigations.
 * `sameData` lets a screen skip more (a tab switch that shows data already loaded).
 */
export function hangarShouldRevalidate(
  args: ShouldRevalidateFunctionArgs,
  sameData: (current: URL, next: URL) => boolean = onlyViewChanged,
): boolean {
  const { currentUrl, nextUrl, formMethod, actionResult, defaultShouldRevalidate } = args;
  if (formMethod && formMethod.toUpperCase() !== "GET") {
    return (actionResult as { revalidate?: boolean } | undefined)?.revalidate === true;
  }
  if (currentUrl.href === nextUrl.href) return true;
  return sameData(currentUrl, nextUrl) ? false : defaultShouldRevalidate;
}
