import type { Database } from "@starport/db";
import { sql } from "drizzle-orm";
import { rowsOf } from "./upsert.ts";

/**
 * Row counts and content checksums of everything synced for a seller profile, independent of
 * Starport's own ids and timestamps: two databases synced from the same Amazon data compare equal.
 */
const TABLES: Record<string, { columns: string; order: string; owner: "ads" | "sp" }> = {
  campaigns: {
    columns:
      "amazon_campaign_id, name, state, targeting_type, budget_micros, budget_type, start_date, end_date, bidding_strategy, portfolio_id",
    order: "amazon_campaign_id",
    owner: "ads",
  },
  ad_groups: {
    columns:
      "amazon_ad_group_id, amazon_campaign_id, name, state, default_bid_micros, campaign_id is not null",
    order: "amazon_ad_group_id",
    owner: "ads",
  },
  keywords: {
    columns:
      "amazon_keyword_id, amazon_ad_group_id, keyword_text, match_type, state, bid_micros, ad_group_id is not null",
    order: "amazon_keyword_id",
    owner: "ads",
  },
  negative_keywords: {
    columns:
      "level, amazon_keyword_id, amazon_campaign_id, amazon_ad_group_id, keyword_text, match_type, state",
    order: "level, amazon_keyword_id",
    owner: "ads",
  },
  targets: {
    columns: "amazon_target_id, amazon_ad_group_id, expression_type, expression, state, bid_micros",
    order: "amazon_target_id",
    owner: "ads",
  },
  negative_targets: {
    columns: "level, amazon_target_id, amazon_campaign_id, amazon_ad_group_id, expression, state",
    order: "level, amazon_target_id",
    owner: "ads",
  },
  product_ads: {
    columns: "amazon_ad_id, amazon_ad_group_id, sku, asin, state",
    order: "amazon_ad_id",
    owner: "ads",
  },
  ad_performance_daily: {
    columns:
      "entity_type, amazon_id, date, amazon_campaign_id, amazon_ad_group_id, impressions, clicks, cost_micros, orders, units, sales_micros",
    order: "entity_type, amazon_id, date",
    owner: "ads",
  },
  search_term_daily: {
    columns:
      "amazon_target_id, search_term, date, amazon_campaign_id, amazon_ad_group_id, impressions, clicks, cost_micros, orders, units, sales_micros",
    order: "amazon_target_id, search_term, date",
    owner: "ads",
  },
  products: {
    columns:
      "marketplace_id, sku, asin, title, price_micros, currency, quantity, status, brand, category, image_url",
    order: "marketplace_id, sku",
    owner: "sp",
  },
  product_stock: {
    columns:
      "marketplace_id, sku, asin, fulfillable, inbound, reserved, unfulfillable, units_sold_30d, days_of_cover",
    order: "marketplace_id, sku",
    owner: "sp",
  },
};

export type Checksums = Record<string, { rows: number; md5: string }>;

export async function syncChecksums(db: Database, sellerProfileId: string): Promise<Checksums> {
  const out: Checksums = {};
  for (const [table, t] of Object.entries(TABLES)) {
    const join =
      t.owner === "ads"
        ? `join advertising_profiles p on p.id = t.advertising_profile_id and p.seller_profile_id = `
        : `join seller_accounts p on p.id = t.seller_account_id and p.seller_profile_id = `;
    const profileColumn = t.owner === "ads" ? "p.amazon_profile_id" : "p.selling_partner_id";
    const [row] = rowsOf<{ rows: string | number; md5: string | null }>(
      await db.execute(sql`
        select count(*) as rows,
          md5(coalesce(string_agg(row(${sql.raw(profileColumn)}, ${sql.raw(
            t.columns
              .split(", ")
              .map((c) => (c.includes(" ") ? c : `t.${c}`))
              .join(", "),
          )})::text, '|' order by ${sql.raw(profileColumn)}, ${sql.raw(
            t.order
              .split(", ")
              .map((c) => `t.${c}`)
              .join(", "),
          )}), '')) as md5
        from ${sql.raw(table)} t ${sql.raw(join)}${sellerProfileId}`),
    );
    out[table] = { rows: Number(row?.rows ?? 0), md5: row?.md5 ?? "" };
  }
  return out;
}
