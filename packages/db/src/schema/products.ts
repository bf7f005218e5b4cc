import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { products } from "./advertising.ts";
import { productCollections, tags } from "./catalog.ts";
import { sellerAccounts } from "./sellers.ts";

/**
 * Starport's own knowledge of a product (issue 11), beside the synced listing (`products`).
 * The sync never writes these tables, so nothing Amazon sends can overwrite a seller's cost,
 * tags or notes. Later issues add their per-product settings (goals, repricing bounds) here.
 */

export const LIFECYCLE_STAGES = ["launch", "growth", "profit", "clearance"] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

/**
 * One row per product, inserted by a trigger with the listing (migration 0008), so own fields are
 * always updated, never upserted. Money in micros.
 */
export const productDetails = pgTable(
  "product_details",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Cost of goods per unit; null = unknown (never shown as zero). */
    costMicros: bigint("cost_micros", { mode: "number" }),
    costCurrency: text("cost_currency"),
    costValidFrom: date("cost_valid_from"),
    shippingCostMicros: bigint("shipping_cost_micros", { mode: "number" }),
    /** launch, growth, profit or clearance; null = not set. */
    lifecycle: text("lifecycle"),
    notes: text("notes").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("product_details_product").on(table.productId)],
);

/** Every cost a product had, newest last (a trigger on product_details writes it, migration 0008). */
export const productCostHistory = pgTable(
  "product_cost_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    costMicros: bigint("cost_micros", { mode: "number" }),
    costCurrency: text("cost_currency"),
    validFrom: date("valid_from"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("product_cost_history_product").on(table.productId, table.recordedAt)],
);

/** Tags on products (many-to-many with the seller profile's `tags`). */
export const productTags = pgTable(
  "product_tags",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ name: "product_tags_pk", columns: [table.productId, table.tagId] }),
    index("product_tags_tag").on(table.tagId, table.productId),
  ],
);

/** Members of a manual collection. */
export const productCollectionMembers = pgTable(
  "product_collection_members",
  {
    collectionId: uuid("collection_id")
      .notNull()
      .references(() => productCollections.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: "product_collection_members_pk",
      columns: [table.collectionId, table.productId],
    }),
    index("product_collection_members_product").on(table.productId),
  ],
);

/**
 * FBA inventory per listing (SP-API getInventorySummaries), keyed like the listing so the sync
 * writes it without looking products up. unitsSold30d: units ordered over the last 30 days
 * (Sales API, organic and ad-driven; at least what the ad reports attribute to the SKU's product
 * ads); daysOfCover = fulfillable / (units / 30), null when nothing sold. Both are computed by the
 * inventory step and again by the total-sales step.
 */
export const productStock = pgTable(
  "product_stock",
  {
    sellerAccountId: uuid("seller_account_id")
      .notNull()
      .references(() => sellerAccounts.id, { onDelete: "cascade" }),
    marketplaceId: text("marketplace_id").notNull(),
    sku: text("sku").notNull(),
    asin: text("asin"),
    fulfillable: integer("fulfillable").notNull(),
    inbound: integer("inbound").notNull(),
    reserved: integer("reserved").notNull(),
    unfulfillable: integer("unfulfillable").notNull(),
    unitsSold30d: integer("units_sold_30d"),
    daysOfCover: real("days_of_cover"),
    /** When Amazon last changed the summary (lastUpdatedTime). */
    amazonUpdatedAt: timestamp("amazon_updated_at", { withTimezone: true }),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: "product_stock_pk",
      columns: [table.sellerAccountId, table.marketplaceId, table.sku],
    }),
  ],
);
