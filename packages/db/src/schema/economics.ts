import {
  bigint,
  boolean,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sellerAccounts, sellerProfiles } from "./sellers.ts";

/**
 * Product economics inputs (issue 12): Amazon's fee estimates, the seller's default shipping cost
 * per marketplace and total (ad-driven + organic) sales per product and day. Keyed like the
 * listing (account, marketplace id, SKU), so the sync writes them without looking products up.
 * Money in micros of the marketplace's currency.
 */

/**
 * SP-API Product Fees estimate (getMyFeesEstimateForSKU) of a listing at the price it had when
 * estimated; the fees sync step asks again only when the listing's price (or fulfilment) changed.
 */
export const productFeeEstimates = pgTable(
  "product_fee_estimates",
  {
    sellerAccountId: uuid("seller_account_id")
      .notNull()
      .references(() => sellerAccounts.id, { onDelete: "cascade" }),
    marketplaceId: text("marketplace_id").notNull(),
    sku: text("sku").notNull(),
    /** The listing price the estimate is for (the cache key beside the listing). */
    priceMicros: bigint("price_micros", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    isAmazonFulfilled: boolean("is_amazon_fulfilled").notNull(),
    /** Null when Amazon answered with an error for this listing (then `error` says why). */
    referralFeeMicros: bigint("referral_fee_micros", { mode: "number" }),
    /** Null when FBM or unknown. */
    fbaFeeMicros: bigint("fba_fee_micros", { mode: "number" }),
    totalFeesMicros: bigint("total_fees_micros", { mode: "number" }),
    error: text("error"),
    estimatedAt: timestamp("estimated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: "product_fee_estimates_pk",
      columns: [table.sellerAccountId, table.marketplaceId, table.sku],
    }),
  ],
);

/** The seller's shipping cost per unit on a marketplace (FBM), unless a product overrides it. */
export const shippingSettings = pgTable(
  "shipping_settings",
  {
    id: uuid("id").defaultRandom().notNull(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    /** Country code, e.g. DE. */
    marketplace: text("marketplace").notNull(),
    defaultShippingCostMicros: bigint("default_shipping_cost_micros", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "shipping_settings_pk", columns: [table.id] }),
    // One default per marketplace and seller profile.
    uniqueIndex("shipping_settings_profile_marketplace").on(
      table.sellerProfileId,
      table.marketplace,
    ),
  ],
);

/**
 * Total sales per listing and day from the SP-API Sales API (getOrderMetrics, granularity Day,
 * filtered by SKU): ad-driven and organic together, the denominator of TACoS. Re-fetching a day
 * overwrites it (orders placed late in a day arrive later).
 */
export const productSalesDaily = pgTable(
  "product_sales_daily",
  {
    sellerAccountId: uuid("seller_account_id")
      .notNull()
      .references(() => sellerAccounts.id, { onDelete: "cascade" }),
    marketplaceId: text("marketplace_id").notNull(),
    sku: text("sku").notNull(),
    date: date("date").notNull(),
    units: integer("units").notNull(),
    orders: integer("orders").notNull(),
    salesMicros: bigint("sales_micros", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: "product_sales_daily_pk",
      columns: [table.sellerAccountId, table.marketplaceId, table.sku, table.date],
    }),
  ],
);
