-- Data migration (issue 12): the onboarding's target ACoS and marketplace choice were stored per
-- user; they move to the seller profile's settings. Where several users onboarded the same seller
-- profile, the most recently updated answer wins. Out-of-range targets are not carried over.
INSERT INTO "seller_profile_settings" ("seller_profile_id", "values")
SELECT DISTINCT ON ("seller_profile_id") "seller_profile_id",
  jsonb_build_object('targetAcos', ("target_acos")::double precision)
FROM "onboarding_progress"
WHERE "seller_profile_id" IS NOT NULL AND "target_acos" > 0 AND "target_acos" <= 100
ORDER BY "seller_profile_id", "updated_at" DESC
ON CONFLICT ("seller_profile_id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "marketplace_settings" ("seller_profile_id", "marketplace", "selected")
SELECT DISTINCT "seller_profile_id", unnest("marketplaces"), true
FROM "onboarding_progress"
WHERE "seller_profile_id" IS NOT NULL AND "marketplaces" IS NOT NULL
ON CONFLICT ("seller_profile_id", "marketplace") DO NOTHING;
