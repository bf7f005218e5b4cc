import { sql } from "drizzle-orm";
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { products } from "./advertising.ts";
import { productCollections } from "./catalog.ts";
import { sellerProfiles } from "./sellers.ts";

/**
 * Settings with inheritance (issue 12): one table per level, each row holding only the values that
 * level sets (`values`, a partial object validated by @starport/settings; a missing key inherits).
 * Resolution order: seller profile (global) → marketplace → collection → product. At most one row
 * per level item (unique index); each row has its own id, its IRI in the API.
 */

const values = () =>
  jsonb("values").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`);
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Global level: the seller profile's own values. */
export const sellerProfileSettings = pgTable(
  "seller_profile_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    values: values(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("seller_profile_settings_profile").on(table.sellerProfileId)],
);

/**
 * Marketplace level, by country code. `selected`: the seller chose to advertise on it (the
 * onboarding's marketplace step writes it).
 */
export const marketplaceSettings = pgTable(
  "marketplace_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    marketplace: text("marketplace").notNull(),
    selected: boolean("selected").notNull().default(true),
    values: values(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("marketplace_settings_profile_marketplace").on(
      table.sellerProfileId,
      table.marketplace,
    ),
  ],
);

/** Collection level; its precedence among a product's collections is product_collections.priority. */
export const collectionSettings = pgTable(
  "collection_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    collectionId: uuid("collection_id")
      .notNull()
      .references(() => productCollections.id, { onDelete: "cascade" }),
    values: values(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("collection_settings_collection").on(table.collectionId)],
);

/** Product level. */
export const productSettings = pgTable(
  "product_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    values: values(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("product_settings_product").on(table.productId)],
);
