import { numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./identity.ts";
import { sellerProfiles } from "./sellers.ts";

/**
 * Where a user stands in the getting-started stepper (spec §4), saved per step so a reload
 * resumes it. users.finished_onboarding_at marks the end; this row keeps the way there.
 */
export const onboardingProgress = pgTable("onboarding_progress", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Steps done, by key (seller-profile, sp-api, advertising-api, marketplaces, target-acos). */
  completedSteps: text("completed_steps").array().notNull().default([]),
  /** Steps the user chose to do later (the Amazon connections may be skipped for now). */
  skippedSteps: text("skipped_steps").array().notNull().default([]),
  /** The seller profile created in step 1. */
  sellerProfileId: uuid("seller_profile_id").references(() => sellerProfiles.id, {
    onDelete: "set null",
  }),
  /** Marketplace codes chosen in step 4. */
  marketplaces: text("marketplaces").array(),
  /** Global target ACoS in percent, step 5. */
  targetAcos: numeric("target_acos", { precision: 6, scale: 2 }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
