import { type Database, schema } from "@starport/db";
import { computeEconomics, type Economics } from "@starport/economics";
import { defaultVatRate } from "@starport/marketplaces";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { costValidOn } from "./cost-valid-on.ts";

/**
 * Per-product economics (issue 12): the listing's gross price, the customer's VAT rate for its
 * marketplace (the taxes resource, else the marketplace's standard rate), Amazon's fee estimate
 * for the current price, the shipping cost (product override, else the marketplace default of the
 * seller profile) and the cost of goods → @starport/economics. Read in one query per page.
 */

const p = schema.products;
const d = schema.productDetails;
const f = schema.productFeeEstimates;

export type Source = "product" | "marketplace" | "customer" | "default" | "amazon" | null;

export interface ProductEconomicsRow extends Record<string, unknown> {
  /** The product's id (the Hydra layer builds the item's IRI from `id`). */
  id: string;
  productId: string;
  marketplace: string;
  currency: string;
  grossPriceMicros: number | null;
  vatRate: number | null;
  vatSource: Source;
  referralFeeMicros: number | null;
  fbaFeeMicros: number | null;
  feesEstimatedAt: string | null;
  shippingCostMicros: number | null;
  shippingSource: Source;
  costOfGoodsMicros: number | null;
  /** The cost is in another currency than the listing: not counted (no made-up conversion). */
  costCurrencyMismatch: boolean;
  economics: Economics;
}

/** The customer's newest standard rate valid today for the listing's marketplace, in percent. */
const customerVat = sql<string | null>`(
  select t.rate from taxes t
  join seller_profiles sp on sp.customer_id = t.customer_id
  join seller_accounts sa on sa.seller_profile_id = sp.id
  where sa.id = ${p.sellerAccountId} and t.marketplace = ${p.marketplace}
    and t.type = 'standard' and t.valid_from <= current_date
  order by t.valid_from desc limit 1)`;

const validCost = costValidOn(p.id, sql`current_date`);

const marketplaceShipping = sql<number | null>`(
  select s.default_shipping_cost_micros from shipping_settings s
  join seller_accounts sa on sa.seller_profile_id = s.seller_profile_id
  where sa.id = ${p.sellerAccountId} and s.marketplace = ${p.marketplace})`;

export async function readProductEconomics(
  db: Database,
  where: SQL | undefined,
  page: { limit: number | undefined; offset: number; order?: SQL[] },
): Promise<{ rows: ProductEconomicsRow[]; total: number }> {
  const base = db
    .select({
      productId: p.id,
      marketplace: p.marketplace,
      currency: p.currency,
      priceMicros: p.priceMicros,
      fulfillmentChannel: p.fulfillmentChannel,
      // The cost valid today (a cost "valid from" a later day does not count yet).
      costMicros: validCost.micros,
      costCurrency: validCost.currency,
      productShipping: d.shippingCostMicros,
      marketplaceShipping: sql<string | null>`${marketplaceShipping}`,
      customerVat,
      referralFeeMicros: f.referralFeeMicros,
      fbaFeeMicros: f.fbaFeeMicros,
      estimatedAt: f.estimatedAt,
    })
    .from(p)
    .leftJoin(d, eq(d.productId, p.id))
    // Only an estimate for the price the listing has now: a stale one is no estimate.
    .leftJoin(
      f,
      and(
        eq(f.sellerAccountId, p.sellerAccountId),
        eq(f.marketplaceId, p.marketplaceId),
        eq(f.sku, p.sku),
        eq(f.priceMicros, p.priceMicros),
        sql`${f.error} is null`,
      ),
    )
    .where(where)
    .orderBy(...(page.order?.length ? page.order : [asc(p.title), asc(p.id)]))
    .offset(page.offset);
  const [raw, [count]] = await Promise.all([
    page.limit === undefined ? base : base.limit(page.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(p).where(where),
  ]);
  return { rows: raw.map(toRow), total: count?.n ?? 0 };
}

function toRow(r: {
  productId: string;
  marketplace: string;
  currency: string;
  priceMicros: number | null;
  fulfillmentChannel: string | null;
  costMicros: string | number | null;
  costCurrency: string | null;
  productShipping: number | null;
  marketplaceShipping: string | number | null;
  customerVat: string | null;
  referralFeeMicros: number | null;
  fbaFeeMicros: number | null;
  estimatedAt: Date | null;
}): ProductEconomicsRow {
  const fallbackVat = defaultVatRate(r.marketplace);
  const vatPercent = r.customerVat !== null ? Number(r.customerVat) : fallbackVat;
  const marketplaceShippingMicros =
    r.marketplaceShipping === null ? null : Number(r.marketplaceShipping);
  const shippingCostMicros = r.productShipping ?? marketplaceShippingMicros;
  const costCurrencyMismatch = r.costCurrency !== null && r.costCurrency !== r.currency;
  const costOfGoodsMicros =
    costCurrencyMismatch || r.costMicros === null ? null : Number(r.costMicros);
  const input = {
    currency: r.currency,
    grossPriceMicros: r.priceMicros,
    vatRate: vatPercent === null ? null : vatPercent / 100,
    referralFeeMicros: r.referralFeeMicros,
    fbaFeeMicros: r.fbaFeeMicros,
    shippingCostMicros,
    costOfGoodsMicros,
  };
  return {
    id: r.productId,
    productId: r.productId,
    marketplace: r.marketplace,
    currency: r.currency,
    grossPriceMicros: r.priceMicros,
    vatRate: input.vatRate,
    vatSource: r.customerVat !== null ? "customer" : fallbackVat !== null ? "default" : null,
    referralFeeMicros: r.referralFeeMicros,
    fbaFeeMicros: r.fbaFeeMicros,
    feesEstimatedAt: r.estimatedAt?.toISOString() ?? null,
    shippingCostMicros,
    shippingSource:
      r.productShipping !== null
        ? "product"
        : marketplaceShippingMicros !== null
          ? "marketplace"
          : null,
    costOfGoodsMicros,
    costCurrencyMismatch,
    economics: computeEconomics(input),
  };
}
