import type { FeesEstimateResult } from "@starport/amazon";
import { schema } from "@starport/db";
import { sql } from "drizzle-orm";
import type { CatalogueStep } from "./catalogue.ts";
import { tableUpsert } from "./specs.ts";
import { rowsOf, upsertRows } from "./upsert.ts";

/**
 * Economics steps after the listings (issue 12): Amazon's fee estimate per listing (Product Fees
 * v0, asked again only when the listing's price or fulfilment changed) and total sales per listing
 * and day (Sales v1 getOrderMetrics, ad-driven and organic). Both upsert by natural key: running a
 * step twice writes nothing new.
 */

export const FEES_UPSERT = tableUpsert(schema.productFeeEstimates, {
  key: [
    schema.productFeeEstimates.sellerAccountId,
    schema.productFeeEstimates.marketplaceId,
    schema.productFeeEstimates.sku,
  ],
  touch: schema.productFeeEstimates.estimatedAt,
});

export const SALES_UPSERT = tableUpsert(schema.productSalesDaily, {
  key: [
    schema.productSalesDaily.sellerAccountId,
    schema.productSalesDaily.marketplaceId,
    schema.productSalesDaily.sku,
    schema.productSalesDaily.date,
  ],
  touch: schema.productSalesDaily.syncedAt,
});

const toMicros = (amount: number | undefined): number | null =>
  amount === undefined || !Number.isFinite(amount) ? null : Math.round(amount * 1_000_000);

/** Referral and FBA fee of an estimate (FinalFee: after promotions, as the seller pays it). */
export function feesOf(result: FeesEstimateResult): {
  referral: number | null;
  fba: number | null;
  total: number | null;
  error: string | null;
} {
  if (result.Status !== "Success" || !result.FeesEstimate) {
    return {
      referral: null,
      fba: null,
      total: null,
      error: result.Error?.Message || result.Status || "no estimate",
    };
  }
  const list = result.FeesEstimate.FeeDetailList ?? [];
  const fee = (type: string) => {
    const detail = list.find((d) => d.FeeType === type);
    return detail ? toMicros(detail.FinalFee?.Amount ?? detail.FeeAmount?.Amount) : null;
  };
  return {
    referral: fee("ReferralFee"),
    fba: fee("FBAFees"),
    total: toMicros(result.FeesEstimate.TotalFeesEstimate?.Amount),
    error: null,
  };
}

/** getMyFeesEstimates takes at most 20 requests per call. */
const FEES_BATCH = 20;

/** Fee estimates of the listings whose price or fulfilment differs from their cached estimate. */
export async function syncFeeEstimates(step: CatalogueStep): Promise<void> {
  const listings = rowsOf<{
    sku: string;
    price_micros: string | number;
    currency: string;
    fba: boolean;
  }>(
    await step.db.execute(sql`
      select p.sku, p.price_micros, p.currency,
        coalesce(p.fulfillment_channel like 'AMAZON%', false) as fba
      from products p
      left join product_fee_estimates f on f.seller_account_id = p.seller_account_id
        and f.marketplace_id = p.marketplace_id and f.sku = p.sku
      where p.seller_account_id = ${step.sellerAccountId} and p.marketplace_id = ${step.marketplaceId}
        and p.price_micros is not null and p.price_micros > 0
        and (f.sku is null or f.price_micros <> p.price_micros
          or f.is_amazon_fulfilled <> coalesce(p.fulfillment_channel like 'AMAZON%', false))
      order by p.sku`),
  );
  // Twenty listings per request (getMyFeesEstimates): 200 listings are 10 requests, not 200.
  for (let i = 0; i < listings.length; i += FEES_BATCH) {
    const chunk = listings.slice(i, i + FEES_BATCH);
    const results = await step.sp.getMyFeesEstimates(
      chunk.map((listing) => ({
        IdType: "SellerSKU" as const,
        IdValue: listing.sku,
        FeesEstimateRequest: {
          MarketplaceId: step.marketplaceId,
          IsAmazonFulfilled: listing.fba,
          PriceToEstimateFees: {
            ListingPrice: {
              CurrencyCode: listing.currency,
              Amount: Number(listing.price_micros) / 1_000_000,
            },
          },
          Identifier: `${listing.sku}@${listing.price_micros}`,
        },
      })),
      step.signal,
    );
    const rows = chunk.map((listing) => {
      const result = results.find(
        (r) =>
          r.FeesEstimateIdentifier?.SellerInputIdentifier ===
          `${listing.sku}@${listing.price_micros}`,
      );
      const fees = result
        ? feesOf(result)
        : { referral: null, fba: null, total: null, error: "no estimate in the answer" };
      return {
        seller_account_id: step.sellerAccountId,
        marketplace_id: step.marketplaceId,
        sku: listing.sku,
        price_micros: Number(listing.price_micros),
        currency: listing.currency,
        is_amazon_fulfilled: listing.fba,
        referral_fee_micros: fees.referral,
        fba_fee_micros: listing.fba ? fees.fba : null,
        total_fees_micros: fees.total,
        error: fees.error,
      };
    });
    await step.wrote(await upsertRows(step.db, FEES_UPSERT, rows));
  }
}

/** Days fetched for a listing without sales rows yet, and again each run (late orders). */
export const SALES_HISTORY_DAYS = 90;
export const SALES_REFRESH_DAYS = 7;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Total sales per listing and day up to yesterday: 90 days for a listing seen the first time,
 * afterwards the last 7 (orders of recent days still arrive). One request per SKU (the Sales API
 * filters by one SKU at a time).
 */
export async function syncOrderMetrics(step: CatalogueStep, today: string): Promise<void> {
  const listings = rowsOf<{ sku: string; currency: string; newest: string | null }>(
    await step.db.execute(sql`
      select p.sku, p.currency, (select max(s.date)::text from product_sales_daily s
        where s.seller_account_id = p.seller_account_id and s.marketplace_id = p.marketplace_id
          and s.sku = p.sku) as newest
      from products p
      where p.seller_account_id = ${step.sellerAccountId} and p.marketplace_id = ${step.marketplaceId}
      -- Advertised listings first (TACoS needs them), then the rest: one request per SKU takes a while.
      order by exists (select 1 from product_ads pa
        join advertising_profiles ap on ap.id = pa.advertising_profile_id
        join seller_accounts sa on sa.seller_profile_id = ap.seller_profile_id
        where sa.id = p.seller_account_id and ap.country_code = p.marketplace and pa.sku = p.sku) desc,
        p.sku`),
  );
  for (const listing of listings) {
    const from = addDays(today, listing.newest ? -SALES_REFRESH_DAYS : -SALES_HISTORY_DAYS);
    const intervals = await step.sp.getOrderMetrics(
      {
        marketplaceIds: [step.marketplaceId],
        interval: `${from}T00:00:00Z--${today}T00:00:00Z`,
        granularity: "Day",
        granularityTimeZone: "UTC",
        sku: listing.sku,
      },
      step.signal,
    );
    const rows = intervals.map((m) => ({
      seller_account_id: step.sellerAccountId,
      marketplace_id: step.marketplaceId,
      sku: listing.sku,
      date: m.interval.slice(0, 10),
      units: m.unitCount,
      orders: m.orderCount,
      sales_micros: toMicros(Number(m.totalSales.amount)) ?? 0,
      currency: m.totalSales.currencyCode || listing.currency,
    }));
    await step.wrote(await upsertRows(step.db, SALES_UPSERT, rows));
  }
}
