CREATE TABLE "user_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text
);
--> statement-breakpoint
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
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_sessions_user" ON "user_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_sessions_expires_at" ON "user_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "products_account_marketplace_sku_ci" ON "products" USING btree ("seller_account_id","marketplace_id",lower("sku"));