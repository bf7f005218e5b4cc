import { sql } from "drizzle-orm";
import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { products } from "./advertising.ts";
import { productCollections } from "./catalog.ts";
import { sellerProfiles } from "./sellers.ts";

/**
 * Settings with inheritance (issue 12): one table per level, each row holding only the values that
 * level sets (`values`, a partial object validated by @starport/settings; a missing key inherits).
 * Resolution order: seller profile (global) → marketplace → collection → product.
 */

/** Global level: the seller profile's own values. */
export const sellerProfileSettings = pgTable("seller_profile_settings", {
  sellerProfileId: uuid("seller_profile_id")
    .primaryKey()
    .references(() => sellerProfiles.id, { onDelete: "cascade" }),
  values: jsonb("values").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Marketplace level, by country code. `selected`: the seller chose to advertise on it (the
 * onboarding's marketplace step writes it).
 */
export const marketplaceSettings = pgTable(
  "marketplace_settings",
  {
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    marketplace: text("marketplace").notNull(),
    selected: boolean("selected").notNull().default(true),
    values: jsonb("values").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: "marketplace_settings_pk",
      columns: [table.sellerProfileId, table.marketplace],
    }),
  ],
);

/** Collection level; its precedence among a product's collections is product_collections.priority. */
export const collectionSettings = pgTable("collection_settings", {
  collectionId: uuid("collection_id")
    .primaryKey()
    .references(() => productCollections.id, { onDelete: "cascade" }),
  values: jsonb("values").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Product level. */
export const productSettings = pgTable("product_settings", {
  productId: uuid("product_id")
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  values: jsonb("values").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
