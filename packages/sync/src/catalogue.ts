import type { SellingPartnerClient } from "@starport/amazon";
import type { Database } from "@starport/db";
import { sql } from "drizzle-orm";
import { affected, rowsOf, type UpsertSpec, upsertRows } from "./upsert.ts";

/**
 * Catalogue steps after the listings (issue 11): catalog attributes of the listings (brand,
 * category, main image) and FBA inventory with days of cover. Both write only Amazon's view
 * (`products` columns the listings report lacks, `product_stock`); Starport's own fields live in
 * `product_details`, `product_tags` and are never touched here.
 */

export interface CatalogueStep {
  db: Database;
  sp: SellingPartnerClient;
  sellerAccountId: string;
  marketplaceId: string;
  signal: AbortSignal;
  wrote(rows: number): Promise<void>;
}

/** Catalog search takes at most 20 identifiers per request. */
const CATALOG_BATCH = 20;

/**
 * Brand, category and image of listings that have none yet (one catalog search per 20 ASINs, at
 * 2 requests per second; refreshing every listing daily would take hours on large catalogues).
 */
export async function syncCatalogAttributes(step: CatalogueStep): Promise<void> {
  const missing = rowsOf<{ asin: string }>(
    await step.db.execute(sql`
      select distinct asin from products
      where seller_account_id = ${step.sellerAccountId} and marketplace_id = ${step.marketplaceId}
        and asin is not null and brand is null
      order by asin`),
  ).map((r) => r.asin);
  for (let i = 0; i < missing.length; i += CATALOG_BATCH) {
    const asins = missing.slice(i, i + CATALOG_BATCH);
    const page = await step.sp.searchCatalogItems(
      {
        marketplaceIds: [step.marketplaceId],
        identifiers: asins,
        identifiersType: "ASIN",
        includedData: ["summaries", "images"],
        pageSize: CATALOG_BATCH,
      },
      step.signal,
    );
    const rows = (page.items ?? []).map((item) => {
      const summary = item.summaries?.find((s) => s.marketplaceId === step.marketplaceId);
      const images = item.images?.find((s) => s.marketplaceId === step.marketplaceId)?.images;
      const main = images?.find((image) => image.variant === "MAIN") ?? images?.[0];
      return {
        asin: item.asin,
        brand: summary?.brand ?? "",
        category: summary?.browseClassification?.displayName || null,
        image_url: main?.link ?? null,
      };
    });
    if (rows.length === 0) continue;
    const result = await step.db.execute(sql`
      update products p set brand = r.brand, category = r.category, image_url = r.image_url
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as r(asin text, brand text, category text, image_url text)
      where p.seller_account_id = ${step.sellerAccountId}
        and p.marketplace_id = ${step.marketplaceId} and p.asin = r.asin
        and (p.brand, p.category, p.image_url) is distinct from (r.brand, r.category, r.image_url)`);
    await step.wrote(affected(result));
  }
}

export const STOCK_UPSERT: UpsertSpec = {
  table: "product_stock",
  columns: {
    seller_account_id: "uuid",
    marketplace_id: "text",
    sku: "text",
    asin: "text",
    fulfillable: "integer",
    inbound: "integer",
    reserved: "integer",
    unfulfillable: "integer",
    amazon_updated_at: "timestamptz",
  },
  key: ["seller_account_id", "marketplace_id", "sku"],
  touch: "synced_at",
};

/** Days of unit sales that define the sales rate for days of cover. */
export const COVER_WINDOW_DAYS = 30;

/**
 * FBA inventory of one marketplace, then units sold over the last 30 days and days of cover
 * (updateDaysOfCover; the sales step runs it again once it has fetched the orders).
 */
export async function syncInventory(step: CatalogueStep, today: string): Promise<void> {
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    await step.wrote(await upsertRows(step.db, STOCK_UPSERT, batch));
    batch = [];
  };
  for await (const s of step.sp.iterateInventorySummaries(step.marketplaceId, step.signal)) {
    if (!s.sellerSku) continue;
    const d = s.inventoryDetails;
    batch.push({
      seller_account_id: step.sellerAccountId,
      marketplace_id: step.marketplaceId,
      sku: s.sellerSku,
      asin: s.asin ?? null,
      fulfillable: d?.fulfillableQuantity ?? 0,
      inbound:
        (d?.inboundWorkingQuantity ?? 0) +
        (d?.inboundShippedQuantity ?? 0) +
        (d?.inboundReceivingQuantity ?? 0),
      reserved: d?.reservedQuantity?.totalReservedQuantity ?? 0,
      unfulfillable: d?.unfulfillableQuantity?.totalUnfulfillableQuantity ?? 0,
      amazon_updated_at: s.lastUpdatedTime || null,
    });
    if (batch.length >= 1000) await flush();
  }
  await flush();
  await step.wrote(
    await updateDaysOfCover(step.db, step.sellerAccountId, step.marketplaceId, today),
  );
}

/**
 * units_sold_30d and days_of_cover of an account's stock on a marketplace: units ordered over the
 * last 30 days (Sales API, organic and ad-driven), at least the units the ad reports attribute.
 */
export async function updateDaysOfCover(
  db: Database,
  sellerAccountId: string,
  marketplaceId: string,
  today: string,
): Promise<number> {
  const result = await db.execute(sql`
    with sold as (
      select pa.sku, sum(f.units)::int as units
      from seller_accounts sa
      join products p on p.seller_account_id = sa.id and p.marketplace_id = ${marketplaceId}
      join advertising_profiles ap
        on ap.seller_profile_id = sa.seller_profile_id and ap.country_code = p.marketplace
      join product_ads pa on pa.advertising_profile_id = ap.id and pa.sku = p.sku
      join ad_performance_daily f
        on f.advertising_profile_id = ap.id and f.entity_type = 'product_ad'
        and f.amazon_id = pa.amazon_ad_id
        and f.date > (${today}::date - ${COVER_WINDOW_DAYS}::int) and f.date <= ${today}::date
      where sa.id = ${sellerAccountId}
      group by pa.sku
    ), ordered as (
      select d.sku, sum(d.units)::int as units
      from product_sales_daily d
      where d.seller_account_id = ${sellerAccountId} and d.marketplace_id = ${marketplaceId}
        and d.date > (${today}::date - ${COVER_WINDOW_DAYS}::int) and d.date <= ${today}::date
      group by d.sku
    ), target as (
      -- Orders count every unit, ads only the advertised ones; until the sales step has filled
      -- the window (or where Amazon has no order data) the ad units are the better lower bound.
      select s.sku, greatest(coalesce(ordered.units, 0), coalesce(sold.units, 0)) as units
      from product_stock s left join sold on sold.sku = s.sku
        left join ordered on ordered.sku = s.sku
      where s.seller_account_id = ${sellerAccountId} and s.marketplace_id = ${marketplaceId}
    ), cover as (
      -- real, as stored: comparing a double with its stored real would always differ.
      select t.sku, t.units, case when t.units > 0
        then (s.fulfillable / (t.units / ${COVER_WINDOW_DAYS}::float8))::real end as days
      from target t join product_stock s on s.seller_account_id = ${sellerAccountId}
        and s.marketplace_id = ${marketplaceId} and s.sku = t.sku
    )
    update product_stock s set units_sold_30d = c.units, days_of_cover = c.days
    from cover c
    where s.seller_account_id = ${sellerAccountId} and s.marketplace_id = ${marketplaceId}
      and s.sku = c.sku and (s.units_sold_30d, s.days_of_cover) is distinct from (c.units, c.days)`);
  return affected(result);
}
