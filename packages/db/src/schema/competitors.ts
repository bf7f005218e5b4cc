import {
  bigint,
  boolean,
  index,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { products } from "./advertising.ts";

/**
 * Competitors of a product (issue 11 §6): ASINs the seller watches, added by hand or accepted from
 * the suggestions (competing offers, similar catalog items). Snapshots record, at each check,
 * the competitor's landed price and whether it held the Buy Box, so both have a history.
 */
export const productCompetitors = pgTable(
  "product_competitors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    asin: text("asin").notNull(),
    /** manual, offers (a competing offer on the product's ASIN) or catalog (a similar item). */
    source: text("source").notNull().default("manual"),
    /** The competing seller (offers on the product's own ASIN); "" for any seller of the ASIN. */
    sellerId: text("seller_id").notNull().default(""),
    title: text("title"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("product_competitors_product_asin").on(table.productId, table.asin, table.sellerId),
  ],
);

export const competitorSnapshots = pgTable(
  "competitor_snapshots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    competitorId: uuid("competitor_id")
      .notNull()
      .references(() => productCompetitors.id, { onDelete: "cascade" }),
    capturedAt: timestamp("captured_at", { withTimezone: true }).notNull().defaultNow(),
    /** Listing price and landed price (listing + shipping) in micros; null when no offer. */
    priceMicros: bigint("price_micros", { mode: "number" }),
    landedPriceMicros: bigint("landed_price_micros", { mode: "number" }),
    currency: text("currency"),
    /** Whether this seller held the Buy Box (offers on the own ASIN); null for another ASIN. */
    hasBuyBox: boolean("has_buy_box"),
    fulfillment: text("fulfillment"),
    /** Seller feedback rating in percent positive. */
    rating: real("rating"),
  },
  (table) => [index("competitor_snapshots_competitor").on(table.competitorId, table.capturedAt)],
);
