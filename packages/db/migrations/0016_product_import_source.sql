ALTER TABLE "product_imports" ADD COLUMN "source" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "marketplace" text;