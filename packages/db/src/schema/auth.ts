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

/**
 * A sign-in session: lives as long as the token cookie (7 days, renewed with each refresh) and
 * lets /api/refresh-token renew a short access token even after it expired. Revoked on sign-out
 * and on a password change (the user's other sessions).
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokeReason: text("revoke_reason"),
  },
  (table) => [
    index("user_sessions_user").on(table.userId),
    index("user_sessions_expires_at").on(table.expiresAt),
  ],
);
