ALTER TABLE "change_batches" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "change_batches" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "lease_expires_at" timestamp with time zone;