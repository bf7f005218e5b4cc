/** Listings Items 2021-08-01: submission issues and reading the attributes a submission sends. */
import { isObject } from "../../http.ts";

/** Issue (listingsItems_2021-08-01): `code`, `message`, `severity` and `categories` are required. */
export interface Issue {
  code: string;
  message: string;
  severity: "ERROR" | "WARNING" | "INFO";
  attributeNames: string[];
  categories: string[];
  marketplaceIds?: string[];
}

export function issue(
  code: string,
  message: string,
  category: string,
  attributeNames: string[],
  marketplaceIds: string[],
): Issue {
  return {
    code,
    message,
    severity: "ERROR",
    attributeNames,
    categories: [category],
    marketplaceIds,
  };
}
export const invalidAttribute = (name: string, message: string, mps: string[]) =>
  issue(
    "4000001",
    message,
    "INVALID_ATTRIBUTE",
    [name.replace(/^patches\[\d+\]$/, "")].filter(Boolean),
    mps,
  );
export const missingAttribute = (name: string, mps: string[]) =>
  issue("90220", `'${name}' is required but not supplied.`, "MISSING_ATTRIBUTE", [name], mps);
export const invalidPrice = (mps: string[]) =>
  issue(
    "4000002",
    "our_price value_with_tax must be a positive number",
    "INVALID_PRICE",
    ["purchasable_offer"],
    mps,
  );
export const skuNotFound = (sku: string, mps: string[]) =>
  issue(
    "4000004",
    `SKU '${sku}' does not exist for this seller in ${mps.join(",")}.`,
    "INVALID_ATTRIBUTE",
    [],
    mps,
  );

/** First value of a listing attribute (`attributes.<name>[0]`), if present as an object. */
export function listingAttribute(
  attrs: Record<string, unknown>,
  name: string,
): Record<string, unknown> | undefined {
  const v = attrs[name];
  if (v === undefined) return undefined;
  const first = Array.isArray(v) ? v[0] : undefined;
  return isObject(first) ? first : {};
}

export function offerPrice(offer: Record<string, unknown>): number | undefined {
  const price = (
    offer.our_price as { schedule?: { value_with_tax?: unknown }[] }[] | undefined
  )?.[0]?.schedule?.[0]?.value_with_tax;
  return typeof price === "number" && price > 0 ? Math.round(price * 100) / 100 : undefined;
}

export function availabilityQuantity(a: Record<string, unknown>): number | undefined {
  const q = a.quantity;
  return typeof q === "number" && Number.isInteger(q) && q >= 0 ? q : undefined;
}
