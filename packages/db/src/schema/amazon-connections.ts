import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customers, users } from "./identity.ts";
import { sellerProfiles } from "./sellers.ts";

/** Amazon connections of a seller profile and the authorizations that create them (issue 5). */

/** A refresh token for one API and region of a seller profile, encrypted (AES-256-GCM). */
export const amazonConnections = pgTable(
  "amazon_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    /** "ads" (Amazon Ads API) or "sp" (Selling Partner API). */
    api: text("api").notNull(),
    region: text("region").notNull(),
    /** SP-API: the selling partner id Amazon named in the callback. */
    sellingPartnerId: text("selling_partner_id"),
    /** `v1.<iv>.<tag>.<ciphertext>` (base64url); null once disconnected. */
    refreshTokenEncrypted: text("refresh_token_encrypted"),
    /** "connected", "failing" (Amazon refused the token) or "disconnected". */
    status: text("status").notNull().default("connected"),
    lastError: text("last_error"),
    connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("amazon_connections_profile_api_region").on(
      table.sellerProfileId,
      table.api,
      table.region,
    ),
  ],
);

/** An authorization started in Starport, waiting for Amazon's callback (single use, short-lived). */
export const amazonAuthorizationStates = pgTable(
  "amazon_authorization_states",
  {
    /** The random `state` parameter sent to Amazon (stored as its SHA-256, base64url). */
    stateHash: text("state_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    /** The access token (jti) of the session that started it: the callback must come from it. */
    sessionId: text("session_id").notNull(),
    api: text("api").notNull(),
    region: text("region").notNull(),
    /** Where the user goes after the success page (onboarding or settings). */
    returnTo: text("return_to").notNull().default("/"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("amazon_authorization_states_expires").on(table.expiresAt)],
);
