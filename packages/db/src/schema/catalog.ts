import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { customers } from "./identity.ts";
import { sellerProfiles } from "./sellers.ts";

/** A free-text label on products of a seller profile. */
export const tags = pgTable(
  "tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Unique per profile regardless of case; also serves `?profile=…&order[text]=ASC`.
    uniqueIndex("tags_profile_text").on(table.sellerProfileId, sql`lower(${table.text})`),
    index("tags_profile_text_order").on(table.sellerProfileId, table.text),
  ],
);

export interface CollectionRule {
  field: string;
  operator: string;
  value: string;
}

/** A named group of products: by rules, or by manual membership. */
export const productCollections = pgTable(
  "product_collections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    colour: text("colour").notNull().default("#4c6ef5"),
    /** "rules" (membership computed from rules) or "manual" (products added by hand). */
    membership: text("membership").notNull().default("manual"),
    /** Manual: []. Rules: `{ match: "all" | "any", conditions: [...] }`, validated and compiled
     * by the API (catalogue/collection-rules.ts); older rows may hold a legacy array. */
    rules: jsonb("rules").$type<unknown>().notNull().default(sql`'[]'::jsonb`),
    productCount: integer("product_count").notNull().default(0),
    /** Where a product is in several collections, the collection with the lowest number decides
     * the settings it overrides (goals, repricing: later issues). */
    priority: integer("priority").notNull().default(100),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("product_collections_profile").on(table.sellerProfileId, table.name)],
);

/** A tax rate of a customer on a marketplace, valid from a date. */
export const taxes = pgTable(
  "taxes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    marketplace: text("marketplace").notNull(),
    /** Percent, e.g. 19.00. */
    rate: numeric("rate", { precision: 5, scale: 2 }).notNull(),
    /** "standard" or "reduced". */
    type: text("type").notNull().default("standard"),
    validFrom: date("valid_from").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("taxes_customer_marketplace").on(table.customerId, table.marketplace)],
);
