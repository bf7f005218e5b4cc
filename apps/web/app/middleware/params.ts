import { normalizeMarketplaceCode } from "@starport/marketplaces";
import { notFound } from "../lib/not-found.ts";
import type { ParamKind, RouteEntry } from "../route-table.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

const VALIDATORS: Record<ParamKind, (value: string) => boolean> = {
  marketplace: (value) => normalizeMarketplaceCode(value) !== null && /^[a-z]{2}$/i.test(value),
  id: (value) => UUID.test(value),
};

/** Spec §2: a failed route validation is a 404 "Page Not Found" carrying the full path. */
export function validateRouteParams(
  entry: RouteEntry,
  params: Record<string, string | undefined>,
  url: URL,
): void {
  for (const [name, kind] of Object.entries(entry.params ?? {})) {
    const value = params[name];
    if (value === undefined || !VALIDATORS[kind](value)) {
      throw notFound("invalid-params", url);
    }
  }
}
