ALTER TABLE "users" ADD COLUMN "locale_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An account whose language is not the default one chose it.
UPDATE "users" SET "locale_chosen" = true WHERE "locale" <> 'de';
