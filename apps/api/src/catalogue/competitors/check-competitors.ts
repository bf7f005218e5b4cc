import type { Database } from "@starport/db";
import {
  askAmazonForCompetitors,
  type CompetitorSuggestions,
  captureCompetitorSnapshots,
  spClientForProduct,
  withoutOwnListings,
} from "@starport/sync";
import type { AmazonDependencies } from "../../amazon/connections.ts";
import type { Principal } from "../../auth/principal.ts";
import { ValidationError } from "../../errors.ts";
import { violation } from "../../validation.ts";
import { requireVisibleProduct } from "./product-access.ts";
import type { SuggestionCache } from "./suggestion-cache.ts";

/** Asks Amazon (SP-API pricing) about a product's competitors: on demand, for one product. */

async function clientFor(
  db: Database,
  amazon: AmazonDependencies | undefined,
  principal: Principal,
  productId: string,
) {
  const product = await requireVisibleProduct(db, principal, productId);
  const sp = amazon
    ? await spClientForProduct(db, amazon.amazon, amazon.cipher, productId)
    : undefined;
  // No Selling Partner connection (or no ASIN yet): a translated 422, not a 5xx.
  if (!sp) throw new ValidationError([violation("sellerAccount", "invalid")]);
  if (!product.asin) throw new ValidationError([violation("asin", "required")]);
  return sp;
}

export async function refreshCompetitors(
  db: Database,
  amazon: AmazonDependencies | undefined,
  principal: Principal,
  productId: string,
): Promise<{ snapshots: number }> {
  const sp = await clientFor(db, amazon, principal, productId);
  return { snapshots: await captureCompetitorSnapshots(db, sp, productId) };
}

/** GET /api/products/{id}/competitor_suggestions, when ready: Amazon's answer and its age. */
export type CompetitorSuggestionsView = CompetitorSuggestions & { fetchedAt: string };

export type SuggestionsAnswer =
  | { state: "ready"; suggestions: CompetitorSuggestions; fetchedAt: Date }
  | { state: "pending"; retryAfterSeconds: number };

/**
 * What Amazon proposes as the product's competitors, from the cache when Amazon's rate limit
 * would keep the caller waiting; the seller's own listings are taken out at answer time.
 */
export async function competitorSuggestions(
  db: Database,
  amazon: AmazonDependencies | undefined,
  principal: Principal,
  productId: string,
  cache: SuggestionCache,
): Promise<SuggestionsAnswer> {
  const sp = await clientFor(db, amazon, principal, productId);
  const found = await cache.lookup(productId, () => askAmazonForCompetitors(db, sp, productId));
  if (found.state === "pending") return found;
  return {
    state: "ready",
    suggestions: await withoutOwnListings(db, productId, found.cached.answer),
    fetchedAt: found.cached.fetchedAt,
  };
}
