ALTER TABLE "change_batches" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "change_batches" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_import_errors" ADD COLUMN "severity" text DEFAULT 'error' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_import_errors" ADD COLUMN "related_row" integer;--> statement-breakpoint
ALTER TABLE "product_import_errors" ADD COLUMN "cells" jsonb;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "warnings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "header_row" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "file_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "products_account_marketplace_sku_ci" ON "products" USING btree ("seller_account_id","marketplace_id",lower("sku"));