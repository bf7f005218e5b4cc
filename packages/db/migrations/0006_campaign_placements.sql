CREATE TABLE "ad_placement_daily" (
	"advertising_profile_id" uuid NOT NULL,
	"amazon_campaign_id" text NOT NULL,
	"placement" text NOT NULL,
	"date" date NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"cost_micros" bigint NOT NULL,
	"orders" integer NOT NULL,
	"units" integer NOT NULL,
	"sales_micros" bigint NOT NULL,
	CONSTRAINT "ad_placement_daily_pk" PRIMARY KEY("advertising_profile_id","amazon_campaign_id","placement","date")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "placement_top_of_search_pct" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "placement_product_page_pct" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "placement_rest_of_search_pct" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_placement_daily" ADD CONSTRAINT "ad_placement_daily_advertising_profile_id_advertising_profiles_id_fk" FOREIGN KEY ("advertising_profile_id") REFERENCES "public"."advertising_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_placement_daily_profile_date" ON "ad_placement_daily" USING btree ("advertising_profile_id","date");