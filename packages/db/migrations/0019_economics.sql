CREATE TABLE "product_fee_estimates" (
	"seller_account_id" uuid NOT NULL,
	"marketplace_id" text NOT NULL,
	"sku" text NOT NULL,
	"price_micros" bigint NOT NULL,
	"currency" text NOT NULL,
	"is_amazon_fulfilled" boolean NOT NULL,
	"referral_fee_micros" bigint,
	"fba_fee_micros" bigint,
	"total_fees_micros" bigint,
	"error" text,
	"estimated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_fee_estimates_pk" PRIMARY KEY("seller_account_id","marketplace_id","sku")
);
--> statement-breakpoint
CREATE TABLE "product_sales_daily" (
	"seller_account_id" uuid NOT NULL,
	"marketplace_id" text NOT NULL,
	"sku" text NOT NULL,
	"date" date NOT NULL,
	"units" integer NOT NULL,
	"orders" integer NOT NULL,
	"sales_micros" bigint NOT NULL,
	"currency" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_sales_daily_pk" PRIMARY KEY("seller_account_id","marketplace_id","sku","date")
);
--> statement-breakpoint
CREATE TABLE "shipping_settings" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"seller_profile_id" uuid NOT NULL,
	"marketplace" text NOT NULL,
	"default_shipping_cost_micros" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_settings_pk" PRIMARY KEY("id")
);
--> statement-breakpoint
ALTER TABLE "product_fee_estimates" ADD CONSTRAINT "product_fee_estimates_seller_account_id_seller_accounts_id_fk" FOREIGN KEY ("seller_account_id") REFERENCES "public"."seller_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sales_daily" ADD CONSTRAINT "product_sales_daily_seller_account_id_seller_accounts_id_fk" FOREIGN KEY ("seller_account_id") REFERENCES "public"."seller_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_settings" ADD CONSTRAINT "shipping_settings_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_settings_profile_marketplace" ON "shipping_settings" USING btree ("seller_profile_id","marketplace");