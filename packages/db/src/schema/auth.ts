import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./identity.ts";

/** Access tokens revoked before they expire (sign-out). Rows past expiresAt can be purged. */
export const revokedTokens = pgTable(
  "revoked_tokens",
  {
    tokenId: uuid("token_id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }).notNull().defaultNow(),
    reason: text("reason").notNull().default("sign-out"),
  },
  (table) => [index("revoked_tokens_expires_at").on(table.expiresAt)],
);
