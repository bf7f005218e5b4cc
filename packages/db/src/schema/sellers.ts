import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { customers } from "./identity.ts";

/** A seller profile: one seller business of a customer, with its display defaults. */
export const sellerProfiles = pgTable(
  "seller_profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** ACoS, RoAS, TACoS … the metric the advertising screens lead with. */
    defaultAdvertisingMetric: text("default_advertising_metric").notNull().default("ACoS"),
    defaultCurrency: text("default_currency").notNull().default("EUR"),
    defaultMarketplace: text("default_marketplace").notNull().default("DE"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("seller_profiles_customer").on(table.customerId)],
);

export interface MarketplaceParticipation {
  marketplace: string;
  isParticipating: boolean;
}

/** A Seller Central account (SP-API) of a seller profile and the marketplaces it sells on. */
export const sellerAccounts = pgTable(
  "seller_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Amazon selling partner id; null until connected. */
    sellingPartnerId: text("selling_partner_id"),
    region: text("region").notNull().default("EU"),
    marketplaceParticipations: jsonb("marketplace_participations")
      .$type<MarketplaceParticipation[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("seller_accounts_profile").on(table.sellerProfileId)],
);

/** An Amazon Ads profile (one per advertiser and marketplace) of a seller profile. */
export const advertisingProfiles = pgTable(
  "advertising_profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    /** Amazon's profile id (a 64-bit number, kept as text). */
    amazonProfileId: text("amazon_profile_id").notNull(),
    countryCode: text("country_code").notNull(),
    currency: text("currency").notNull(),
    timezone: text("timezone").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("advertising_profiles_profile").on(table.sellerProfileId),
    uniqueIndex("advertising_profiles_amazon_id").on(table.sellerProfileId, table.amazonProfileId),
  ],
);

/** A brand a seller profile sells. */
export const brands = pgTable(
  "brands",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("brands_profile_name").on(table.sellerProfileId, sql`lower(${table.name})`),
  ],
);
