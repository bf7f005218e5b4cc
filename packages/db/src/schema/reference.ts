import { date, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Reference data, not owned by a customer: how many units of `currencyCode` one euro buys on a
 * date. Shipped for past dates by a migration and refreshed by a daily job.
 */
export const conversionRates = pgTable(
  "conversion_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    currencyCode: text("currency_code").notNull(),
    conversionRate: numeric("conversion_rate", { precision: 18, scale: 8 }).notNull(),
    date: date("date").notNull(),
    /** Where the rate came from: "approximate" (shipped, hand-rounded, not official), "ecb" (daily job), "manual". */
    source: text("source").notNull().default("manual"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("conversion_rates_currency_date").on(table.currencyCode, table.date)],
);
