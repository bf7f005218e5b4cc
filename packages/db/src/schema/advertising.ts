import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { customers, users } from "./identity.ts";
import { advertisingProfiles, sellerAccounts, sellerProfiles } from "./sellers.ts";

/**
 * Amazon connections and everything synced from Amazon (issue 5).
 *
 * Ownership: every synced row belongs to an advertising profile (Ads data) or a seller account
 * (SP-API data), which belongs to a seller profile, which belongs to a customer. Amazon ids are kept
 * as text (v3 sends strings; they are 64-bit) and are unique per profile, so every upsert is keyed
 * by them and running a sync twice changes nothing. Money is bigint micros of the native currency.
 */

/** A refresh token for one API and region of a seller profile, encrypted (AES-256-GCM). */
export const amazonConnections = pgTable(
  "amazon_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    /** "ads" (Amazon Ads API) or "sp" (Selling Partner API). */
    api: text("api").notNull(),
    region: text("region").notNull(),
    /** SP-API: the selling partner id Amazon named in the callback. */
    sellingPartnerId: text("selling_partner_id"),
    /** `v1.<iv>.<tag>.<ciphertext>` (base64url); null once disconnected. */
    refreshTokenEncrypted: text("refresh_token_encrypted"),
    /** "connected", "failing" (Amazon refused the token) or "disconnected". */
    status: text("status").notNull().default("connected"),
    lastError: text("last_error"),
    connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("amazon_connections_profile_api_region").on(
      table.sellerProfileId,
      table.api,
      table.region,
    ),
  ],
);

/** An authorization started in Starport, waiting for Amazon's callback (single use, short-lived). */
export const amazonAuthorizationStates = pgTable(
  "amazon_authorization_states",
  {
    /** The random `state` parameter sent to Amazon (stored as its SHA-256, base64url). */
    stateHash: text("state_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    /** The access token (jti) of the session that started it: the callback must come from it. */
    sessionId: text("session_id").notNull(),
    api: text("api").notNull(),
    region: text("region").notNull(),
    /** Where the user goes after the success page (onboarding or settings). */
    returnTo: text("return_to").notNull().default("/"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("amazon_authorization_states_expires").on(table.expiresAt)],
);

const profileRef = () =>
  uuid("advertising_profile_id")
    .notNull()
    .references(() => advertisingProfiles.id, { onDelete: "cascade" });
const syncedAt = () => timestamp("synced_at", { withTimezone: true }).notNull().defaultNow();
const micros = (name: string) => bigint(name, { mode: "number" });

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

/**
 * Daily performance per entity (Ads reports, 7-day attribution), native currency. entityType is
 * campaign, ad_group, keyword, target or product_ad; amazonId is that entity's Amazon id. Keyed
 * (profile, entity, date): re-fetching a day (restated attribution) overwrites it.
 */
export const adPerformanceDaily = pgTable(
  "ad_performance_daily",
  {
    advertisingProfileId: profileRef(),
    entityType: text("entity_type").notNull(),
    amazonId: text("amazon_id").notNull(),
    date: date("date").notNull(),
    amazonCampaignId: text("amazon_campaign_id").notNull(),
    amazonAdGroupId: text("amazon_ad_group_id"),
    impressions: bigint("impressions", { mode: "number" }).notNull(),
    clicks: bigint("clicks", { mode: "number" }).notNull(),
    costMicros: micros("cost_micros").notNull(),
    orders: integer("orders").notNull(),
    units: integer("units").notNull(),
    salesMicros: micros("sales_micros").notNull(),
  },
  (table) => [
    primaryKey({
      name: "ad_performance_daily_pk",
      columns: [table.advertisingProfileId, table.entityType, table.amazonId, table.date],
    }),
    index("ad_performance_daily_profile_date").on(table.advertisingProfileId, table.date),
  ],
);

/**
 * Running totals of ad_performance_daily per entity (the storage behind fast range sums): for
 * every entity and every day from its first fact to the profile's newest day, the sums of all its
 * facts up to and including that day. A range [from, to] is then one row minus another
 * (C[to] − C[from − 1]) instead of a sum over every day. Rebuilt from the earliest changed day
 * when facts change (see adPerformanceRollupState; the triggers of migration "performance_rollup_triggers" mark it).
 */
export const adPerformanceCumulative = pgTable(
  "ad_performance_cumulative",
  {
    advertisingProfileId: profileRef(),
    entityType: text("entity_type").notNull(),
    date: date("date").notNull(),
    amazonId: text("amazon_id").notNull(),
    impressions: bigint("impressions", { mode: "number" }).notNull(),
    clicks: bigint("clicks", { mode: "number" }).notNull(),
    costMicros: micros("cost_micros").notNull(),
    orders: bigint("orders", { mode: "number" }).notNull(),
    units: bigint("units", { mode: "number" }).notNull(),
    salesMicros: micros("sales_micros").notNull(),
  },
  (table) => [
    // Date before the entity: a range reads two days of a profile's entities by equality.
    primaryKey({
      name: "ad_performance_cumulative_pk",
      columns: [table.advertisingProfileId, table.entityType, table.date, table.amazonId],
    }),
  ],
);

/**
 * Per profile and entity type: the newest day of facts the running totals cover, and the
 * earliest day changed since they were built (null: up to date). Set by triggers on
 * ad_performance_daily; the API rebuilds from that day before it reads.
 */
export const adPerformanceRollupState = pgTable(
  "ad_performance_rollup_state",
  {
    advertisingProfileId: profileRef(),
    entityType: text("entity_type").notNull(),
    maxDate: date("max_date"),
    dirtyFrom: date("dirty_from"),
  },
  (table) => [
    primaryKey({
      name: "ad_performance_rollup_state_pk",
      columns: [table.advertisingProfileId, table.entityType],
    }),
  ],
);

/**
 * Daily performance per campaign and placement (spCampaigns report grouped by campaignPlacement).
 * placement is TOP_OF_SEARCH, REST_OF_SEARCH or PRODUCT_PAGES (Amazon's report labels
 * normalised). Re-fetching a day overwrites it, as with ad_performance_daily.
 */
export const adPlacementDaily = pgTable(
  "ad_placement_daily",
  {
    advertisingProfileId: profileRef(),
    amazonCampaignId: text("amazon_campaign_id").notNull(),
    placement: text("placement").notNull(),
    date: date("date").notNull(),
    impressions: bigint("impressions", { mode: "number" }).notNull(),
    clicks: bigint("clicks", { mode: "number" }).notNull(),
    costMicros: micros("cost_micros").notNull(),
    orders: integer("orders").notNull(),
    units: integer("units").notNull(),
    salesMicros: micros("sales_micros").notNull(),
  },
  (table) => [
    primaryKey({
      name: "ad_placement_daily_pk",
      columns: [table.advertisingProfileId, table.amazonCampaignId, table.placement, table.date],
    }),
    index("ad_placement_daily_profile_date").on(table.advertisingProfileId, table.date),
  ],
);

/** Daily performance per search term and keyword/target (search-term report). */
export const searchTermDaily = pgTable(
  "search_term_daily",
  {
    advertisingProfileId: profileRef(),
    /** The keyword or target the search term matched. */
    amazonTargetId: text("amazon_target_id").notNull(),
    searchTerm: text("search_term").notNull(),
    date: date("date").notNull(),
    amazonCampaignId: text("amazon_campaign_id").notNull(),
    amazonAdGroupId: text("amazon_ad_group_id").notNull(),
    impressions: bigint("impressions", { mode: "number" }).notNull(),
    clicks: bigint("clicks", { mode: "number" }).notNull(),
    costMicros: micros("cost_micros").notNull(),
    orders: integer("orders").notNull(),
    units: integer("units").notNull(),
    salesMicros: micros("sales_micros").notNull(),
  },
  (table) => [
    primaryKey({
      name: "search_term_daily_pk",
      columns: [table.advertisingProfileId, table.amazonTargetId, table.searchTerm, table.date],
    }),
    index("search_term_daily_profile_date").on(table.advertisingProfileId, table.date),
  ],
);

export interface SyncStep {
  key: string;
  /** For logs; people see `what` and the counts, translated by the web. */
  label: string;
  /** skipped: a Seller Central step whose access Amazon refused (`error` says why). */
  status: "pending" | "done" | "failed" | "skipped";
  /** Rows inserted or changed (0 when a sync finds nothing new). */
  rows: number;
  error?: string;
  /**
   * What the step fetches: "profiles", "participations", "products" (listings), a synced entity
   * ("campaigns", "ad_groups", "keywords" …) or a report ("report_campaigns", "report_placements" …).
   */
  what?: string;
  /** Country code of the marketplace the step is for. */
  marketplace?: string;
  /** Report steps: the date range asked for. */
  from?: string;
  to?: string;
  /** What arrived from Amazon: entities listed, report rows or listings (whether new or not). */
  received?: number;
  /** Report steps: the days the report had rows for. */
  days?: number;
}

/**
 * One sync of a seller profile's Amazon data, run as a pg-boss job. `steps` is the plan and the
 * checkpoint: a job killed mid-way restarts at the first step not done.
 */
export const syncRuns = pgTable(
  "sync_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    /** initial, daily, profiles, entities, entities_incremental, reports, participations, listings, economics (older databases: write). */
    kind: text("kind").notNull(),
    /** queued, running, succeeded, failed. */
    status: text("status").notNull().default("queued"),
    options: jsonb("options").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    steps: jsonb("steps").$type<SyncStep[]>().notNull().default(sql`'[]'::jsonb`),
    stepsDone: integer("steps_done").notNull().default(0),
    stepsTotal: integer("steps_total").notNull().default(0),
    rowsWritten: bigint("rows_written", { mode: "number" }).notNull().default(0),
    /**
     * Write runs: the per-row outcome (`results`). Other runs: what arrived so far (`arrived`,
     * counts per kind and days of reports, see @starport/sync syncArrivals).
     */
    result: jsonb("result").$type<Record<string, unknown>>(),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    /** The worker holding the run; another may take it over once the lease has expired. */
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sync_runs_profile_created").on(table.sellerProfileId, table.createdAt)],
);
