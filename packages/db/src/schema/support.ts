import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { customers, users } from "./identity.ts";

/** Messages sent through Starport's own support form (used when no support widget is configured). */
export const supportRequests = pgTable(
  "support_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    /** The sender's address at the time of sending, so support can answer after a user is gone. */
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    locale: text("locale").notNull().default("de"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("support_requests_created_at").on(table.createdAt)],
);
