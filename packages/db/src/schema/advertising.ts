import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sellerAccounts } from "./sellers.ts";
import { micros, profileRef, syncedAt } from "./synced-columns.ts";

/**
 * The entities synced from Amazon (issue 5); the connections are in amazon-connections.ts, the
 * reports' rows in ad-reports.ts, the sync runs in sync-runs.ts.
 *
 * Ownership: every synced row belongs to an advertising profile (Ads data) or a seller account
 * (SP-API data), which belongs to a seller profile, which belongs to a customer. Amazon ids are kept
 * as text (v3 sends strings; they are 64-bit) and are unique per profile, so every upsert is keyed
 * by them and running a sync twice changes nothing. Money is bigint micros of the native currency.
 */

export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advertisingProfileId: profileRef(),
    amazonCampaignId: text("amazon_campaign_id").notNull(),
    name: text("name").notNull(),
    /** ENABLED, PAUSED, ARCHIVED. */
    state: text("state").notNull(),
    targetingType: text("targeting_type").notNull(),
    budgetMicros: micros("budget_micros").notNull(),
    budgetType: text("budget_type").notNull().default("DAILY"),
    startDate: date("start_date"),
    endDate: date("end_date"),
    biddingStrategy: text("bidding_strategy"),
    portfolioId: text("portfolio_id"),
    /** Placement bid adjustments in percent (0–900), from dynamicBidding.placementBidding. */
    placementTopOfSearchPct: integer("placement_top_of_search_pct").notNull().default(0),
    placementProductPagePct: integer("placement_product_page_pct").notNull().default(0),
    placementRestOfSearchPct: integer("placement_rest_of_search_pct").notNull().default(0),
    syncedAt: syncedAt(),
  },
  (table) => [
    uniqueIndex("campaigns_profile_amazon_id").on(
      table.advertisingProfileId,
      table.amazonCampaignId,
    ),
    index("campaigns_profile_name").on(table.advertisingProfileId, table.name),
  ],
);

export const adGroups = pgTable(
  "ad_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advertisingProfileId: profileRef(),
    amazonAdGroupId: text("amazon_ad_group_id").notNull(),
    amazonCampaignId: text("amazon_campaign_id").notNull(),
    campaignId: uuid("campaign_id").references((): AnyPgColumn => campaigns.id, {
      onDelete: "cascade",
    }),
    name: text("name").notNull(),
    state: text("state").notNull(),
    defaultBidMicros: micros("default_bid_micros").notNull(),
    syncedAt: syncedAt(),
  },
  (table) => [
    uniqueIndex("ad_groups_profile_amazon_id").on(
      table.advertisingProfileId,
      table.amazonAdGroupId,
    ),
    index("ad_groups_profile_campaign").on(table.advertisingProfileId, table.amazonCampaignId),
  ],
);

export const keywords = pgTable(
  "keywords",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advertisingProfileId: profileRef(),
    amazonKeywordId: text("amazon_keyword_id").notNull(),
    amazonCampaignId: text("amazon_campaign_id").notNull(),
    amazonAdGroupId: text("amazon_ad_group_id").notNull(),
    campaignId: uuid("campaign_id").references((): AnyPgColumn => campaigns.id, {
      onDelete: "cascade",
    }),
    adGroupId: uuid("ad_group_id").references((): AnyPgColumn => adGroups.id, {
      onDelete: "cascade",
    }),
    keywordText: text("keyword_text").notNull(),
    matchType: text("match_type").notNull(),
    state: text("state").notNull(),
    /** Null: the ad group's default bid applies. */
    bidMicros: micros("bid_micros"),
    syncedAt: syncedAt(),
  },
  (table) => [
    uniqueIndex("keywords_profile_amazon_id").on(table.advertisingProfileId, table.amazonKeywordId),
    index("keywords_profile_ad_group").on(table.advertisingProfileId, table.amazonAdGroupId),
  ],
);

/** Negative keywords of ad groups and (adGroup null, level "campaign") of campaigns. */
export const negativeKeywords = pgTable(
  "negative_keywords",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advertisingProfileId: profileRef(),
    amazonKeywordId: text("amazon_keyword_id").notNull(),
    /** "adGroup" or "campaign". */
    level: text("level").notNull(),
    amazonCampaignId: text("amazon_campaign_id").notNull(),
    amazonAdGroupId: text("amazon_ad_group_id"),
    campaignId: uuid("campaign_id").references((): AnyPgColumn => campaigns.id, {
      onDelete: "cascade",
    }),
    adGroupId: uuid("ad_group_id").references((): AnyPgColumn => adGroups.id, {
      onDelete: "cascade",
    }),
    keywordText: text("keyword_text").notNull(),
    matchType: text("match_type").notNull(),
    state: text("state").notNull(),
    syncedAt: syncedAt(),
  },
  (table) => [
    uniqueIndex("negative_keywords_profile_amazon_id").on(
      table.advertisingProfileId,
      table.level,
      table.amazonKeywordId,
    ),
  ],
);

export interface TargetPredicate {
  type: string;
  value?: string;
}

export const targets = pgTable(
  "targets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advertisingProfileId: profileRef(),
    amazonTargetId: text("amazon_target_id").notNull(),
    amazonCampaignId: text("amazon_campaign_id").notNull(),
    amazonAdGroupId: text("amazon_ad_group_id").notNull(),
    campaignId: uuid("campaign_id").references((): AnyPgColumn => campaigns.id, {
      onDelete: "cascade",
    }),
    adGroupId: uuid("ad_group_id").references((): AnyPgColumn => adGroups.id, {
      onDelete: "cascade",
    }),
    /** "AUTO" or "MANUAL". */
    expressionType: text("expression_type").notNull(),
    expression: jsonb("expression").$type<TargetPredicate[]>().notNull(),
    /** The expression as one readable string, e.g. `asin="B0…"` or `close-match`. */
    expressionText: text("expression_text").notNull(),
    state: text("state").notNull(),
    bidMicros: micros("bid_micros"),
    syncedAt: syncedAt(),
  },
  (table) => [
    uniqueIndex("targets_profile_amazon_id").on(table.advertisingProfileId, table.amazonTargetId),
    index("targets_profile_ad_group").on(table.advertisingProfileId, table.amazonAdGroupId),
  ],
);

export const negativeTargets = pgTable(
  "negative_targets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advertisingProfileId: profileRef(),
    amazonTargetId: text("amazon_target_id").notNull(),
    level: text("level").notNull(),
    amazonCampaignId: text("amazon_campaign_id").notNull(),
    amazonAdGroupId: text("amazon_ad_group_id"),
    campaignId: uuid("campaign_id").references((): AnyPgColumn => campaigns.id, {
      onDelete: "cascade",
    }),
    adGroupId: uuid("ad_group_id").references((): AnyPgColumn => adGroups.id, {
      onDelete: "cascade",
    }),
    expression: jsonb("expression").$type<TargetPredicate[]>().notNull(),
    expressionText: text("expression_text").notNull(),
    state: text("state").notNull(),
    syncedAt: syncedAt(),
  },
  (table) => [
    uniqueIndex("negative_targets_profile_amazon_id").on(
      table.advertisingProfileId,
      table.level,
      table.amazonTargetId,
    ),
  ],
);

export const productAds = pgTable(
  "product_ads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advertisingProfileId: profileRef(),
    amazonAdId: text("amazon_ad_id").notNull(),
    amazonCampaignId: text("amazon_campaign_id").notNull(),
    amazonAdGroupId: text("amazon_ad_group_id").notNull(),
    campaignId: uuid("campaign_id").references((): AnyPgColumn => campaigns.id, {
      onDelete: "cascade",
    }),
    adGroupId: uuid("ad_group_id").references((): AnyPgColumn => adGroups.id, {
      onDelete: "cascade",
    }),
    sku: text("sku"),
    asin: text("asin"),
    state: text("state").notNull(),
    syncedAt: syncedAt(),
  },
  (table) => [
    uniqueIndex("product_ads_profile_amazon_id").on(table.advertisingProfileId, table.amazonAdId),
    index("product_ads_profile_sku").on(table.advertisingProfileId, table.sku),
  ],
);

/** A listing of a seller account on one marketplace (SP-API merchant listings report). */
export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerAccountId: uuid("seller_account_id")
      .notNull()
      .references(() => sellerAccounts.id, { onDelete: "cascade" }),
    /** Country code, e.g. DE. */
    marketplace: text("marketplace").notNull(),
    marketplaceId: text("marketplace_id").notNull(),
    sku: text("sku").notNull(),
    asin: text("asin"),
    title: text("title").notNull(),
    priceMicros: micros("price_micros"),
    currency: text("currency").notNull(),
    quantity: integer("quantity"),
    /** "Active" or "Inactive", as Amazon reports it. */
    status: text("status").notNull(),
    fulfillmentChannel: text("fulfillment_channel"),
    openDate: text("open_date"),
    /** From the catalog item (summaries): brand, browse classification, main image. */
    brand: text("brand"),
    category: text("category"),
    imageUrl: text("image_url"),
    syncedAt: syncedAt(),
  },
  (table) => [
    uniqueIndex("products_account_marketplace_sku").on(
      table.sellerAccountId,
      table.marketplaceId,
      table.sku,
    ),
    index("products_account_asin").on(table.sellerAccountId, table.asin),
    // Imports match a SKU regardless of case when no listing has it exactly (Amazon's SKUs are
    // unique per marketplace regardless of case).
    index("products_account_marketplace_sku_ci").on(
      table.sellerAccountId,
      table.marketplaceId,
      sql`lower(${table.sku})`,
    ),
    // The product list's default order (issue 11).
    index("products_account_title").on(table.sellerAccountId, sql`lower(${table.title})`),
  ],
);
