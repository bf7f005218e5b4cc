import { sql } from "drizzle-orm";
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** A customer is the tenant: a seller company or an agency. Every owned row leads back to one. */
export const customers = pgTable("customers", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** argon2id hash; null until the user sets a password. */
    passwordHash: text("password_hash"),
    roles: text("roles").array().notNull().default(sql`ARRAY['ROLE_USER']::text[]`),
    locale: text("locale").notNull().default("de"),
    /**
     * Whether the user chose `locale` (at registration or in the profile): only a chosen language
     * applies at sign-in; the default one leaves the login page's language in place.
     */
    localeChosen: boolean("locale_chosen").notNull().default(false),
    themeName: text("theme_name").notNull().default("light-indigo"),
    darkTheme: boolean("dark_theme").notNull().default(false),
    finishedOnboardingAt: timestamp("finished_onboarding_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Last successful password sign-in (POST /api/login); null when never signed in. */
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /**
     * Set by an administrator: the account is switched off, its tokens stop working at their next
     * request and it cannot sign in; null while active.
     */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
  },
  // Emails are unique regardless of case.
  (table) => [uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`)],
);
