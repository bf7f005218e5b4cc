import { bigint, date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { micros, profileRef } from "./synced-columns.ts";

/** What the Ads reports bring: performance per entity, placement and search term (native currency). */

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
