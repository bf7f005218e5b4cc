import { CONVERSION_CURRENCIES, MARKETPLACE_CODES } from "@starport/marketplaces";
import { z } from "zod";

/** Field schemas the resources share. */

export const ADVERTISING_METRICS = ["ACoS", "RoAS", "TACoS", "CPC", "CTR", "CR"] as const;

export const marketplaceCode = z.enum(MARKETPLACE_CODES as [string, ...string[]]);
export const currencyCode = z.enum(CONVERSION_CURRENCIES);
/** An IRI of another resource's item; the Hydra layer checks its shape and visibility. */
export const iri = z.string().min(1).describe("IRI");
export const isoDate = z.iso.date();

export function dateString(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}
