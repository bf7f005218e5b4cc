import type { Database } from "@starport/db";
import {
  type CompetitorSuggestions,
  captureCompetitorSnapshots,
  spClientForProduct,
  suggestCompetitors,
} from "@starport/sync";
import type { AmazonDependencies } from "../../amazon/connections.ts";
import type { Principal } from "../../auth/principal.ts";
import { ValidationError } from "../../errors.ts";
import { violation } from "../../validation.ts";
import { requireVisibleProduct } from "./product-access.ts";

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

export async function competitorSuggestions(
  db: Database,
  amazon: AmazonDependencies | undefined,
  principal: Principal,
  productId: string,
): Promise<CompetitorSuggestions> {
  const sp = await clientFor(db, amazon, principal, productId);
  return suggestCompetitors(db, sp, productId);
}
