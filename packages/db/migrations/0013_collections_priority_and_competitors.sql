CREATE TABLE "competitor_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"competitor_id" uuid NOT NULL,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL,
	"price_micros" bigint,
	"landed_price_micros" bigint,
	"currency" text,
	"has_buy_box" boolean,
	"fulfillment" text,
	"rating" real
);
--> statement-breakpoint
CREATE TABLE "product_competitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"asin" text NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"seller_id" text DEFAULT '' NOT NULL,
	"title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_collections" ADD COLUMN "priority" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "competitor_snapshots" ADD CONSTRAINT "competitor_snapshots_competitor_id_product_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."product_competitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_competitors" ADD CONSTRAINT "product_competitors_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competitor_snapshots_competitor" ON "competitor_snapshots" USING btree ("competitor_id","captured_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_competitors_product_asin" ON "product_competitors" USING btree ("product_id","asin","seller_id");