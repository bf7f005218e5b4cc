CREATE TABLE "ad_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advertising_profile_id" uuid NOT NULL,
	"amazon_ad_group_id" text NOT NULL,
	"amazon_campaign_id" text NOT NULL,
	"campaign_id" uuid,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"default_bid_micros" bigint NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_performance_daily" (
	"advertising_profile_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"amazon_id" text NOT NULL,
	"date" date NOT NULL,
	"amazon_campaign_id" text NOT NULL,
	"amazon_ad_group_id" text,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"cost_micros" bigint NOT NULL,
	"orders" integer NOT NULL,
	"units" integer NOT NULL,
	"sales_micros" bigint NOT NULL,
	CONSTRAINT "ad_performance_daily_pk" PRIMARY KEY("advertising_profile_id","entity_type","amazon_id","date")
);
--> statement-breakpoint
CREATE TABLE "amazon_authorization_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"seller_profile_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"api" text NOT NULL,
	"region" text NOT NULL,
	"return_to" text DEFAULT '/' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amazon_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_profile_id" uuid NOT NULL,
	"api" text NOT NULL,
	"region" text NOT NULL,
	"selling_partner_id" text,
	"refresh_token_encrypted" text,
	"status" text DEFAULT 'connected' NOT NULL,
	"last_error" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advertising_profile_id" uuid NOT NULL,
	"amazon_campaign_id" text NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"targeting_type" text NOT NULL,
	"budget_micros" bigint NOT NULL,
	"budget_type" text DEFAULT 'DAILY' NOT NULL,
	"start_date" date,
	"end_date" date,
	"bidding_strategy" text,
	"portfolio_id" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keywords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advertising_profile_id" uuid NOT NULL,
	"amazon_keyword_id" text NOT NULL,
	"amazon_campaign_id" text NOT NULL,
	"amazon_ad_group_id" text NOT NULL,
	"campaign_id" uuid,
	"ad_group_id" uuid,
	"keyword_text" text NOT NULL,
	"match_type" text NOT NULL,
	"state" text NOT NULL,
	"bid_micros" bigint,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "negative_keywords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advertising_profile_id" uuid NOT NULL,
	"amazon_keyword_id" text NOT NULL,
	"level" text NOT NULL,
	"amazon_campaign_id" text NOT NULL,
	"amazon_ad_group_id" text,
	"campaign_id" uuid,
	"ad_group_id" uuid,
	"keyword_text" text NOT NULL,
	"match_type" text NOT NULL,
	"state" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "negative_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advertising_profile_id" uuid NOT NULL,
	"amazon_target_id" text NOT NULL,
	"level" text NOT NULL,
	"amazon_campaign_id" text NOT NULL,
	"amazon_ad_group_id" text,
	"campaign_id" uuid,
	"ad_group_id" uuid,
	"expression" jsonb NOT NULL,
	"expression_text" text NOT NULL,
	"state" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advertising_profile_id" uuid NOT NULL,
	"amazon_ad_id" text NOT NULL,
	"amazon_campaign_id" text NOT NULL,
	"amazon_ad_group_id" text NOT NULL,
	"campaign_id" uuid,
	"ad_group_id" uuid,
	"sku" text,
	"asin" text,
	"state" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_account_id" uuid NOT NULL,
	"marketplace" text NOT NULL,
	"marketplace_id" text NOT NULL,
	"sku" text NOT NULL,
	"asin" text,
	"title" text NOT NULL,
	"price_micros" bigint,
	"currency" text NOT NULL,
	"quantity" integer,
	"status" text NOT NULL,
	"fulfillment_channel" text,
	"open_date" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_term_daily" (
	"advertising_profile_id" uuid NOT NULL,
	"amazon_target_id" text NOT NULL,
	"search_term" text NOT NULL,
	"date" date NOT NULL,
	"amazon_campaign_id" text NOT NULL,
	"amazon_ad_group_id" text NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"cost_micros" bigint NOT NULL,
	"orders" integer NOT NULL,
	"units" integer NOT NULL,
	"sales_micros" bigint NOT NULL,
	CONSTRAINT "search_term_daily_pk" PRIMARY KEY("advertising_profile_id","amazon_target_id","search_term","date")
);
--> statement-breakpoint
CREATE TABLE "sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"steps_total" integer DEFAULT 0 NOT NULL,
	"rows_written" bigint DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advertising_profile_id" uuid NOT NULL,
	"amazon_target_id" text NOT NULL,
	"amazon_campaign_id" text NOT NULL,
	"amazon_ad_group_id" text NOT NULL,
	"campaign_id" uuid,
	"ad_group_id" uuid,
	"expression_type" text NOT NULL,
	"expression" jsonb NOT NULL,
	"expression_text" text NOT NULL,
	"state" text NOT NULL,
	"bid_micros" bigint,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_groups" ADD CONSTRAINT "ad_groups_advertising_profile_id_advertising_profiles_id_fk" FOREIGN KEY ("advertising_profile_id") REFERENCES "public"."advertising_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_groups" ADD CONSTRAINT "ad_groups_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_performance_daily" ADD CONSTRAINT "ad_performance_daily_advertising_profile_id_advertising_profiles_id_fk" FOREIGN KEY ("advertising_profile_id") REFERENCES "public"."advertising_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amazon_authorization_states" ADD CONSTRAINT "amazon_authorization_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amazon_authorization_states" ADD CONSTRAINT "amazon_authorization_states_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amazon_authorization_states" ADD CONSTRAINT "amazon_authorization_states_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amazon_connections" ADD CONSTRAINT "amazon_connections_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_advertising_profile_id_advertising_profiles_id_fk" FOREIGN KEY ("advertising_profile_id") REFERENCES "public"."advertising_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords" ADD CONSTRAINT "keywords_advertising_profile_id_advertising_profiles_id_fk" FOREIGN KEY ("advertising_profile_id") REFERENCES "public"."advertising_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords" ADD CONSTRAINT "keywords_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords" ADD CONSTRAINT "keywords_ad_group_id_ad_groups_id_fk" FOREIGN KEY ("ad_group_id") REFERENCES "public"."ad_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negative_keywords" ADD CONSTRAINT "negative_keywords_advertising_profile_id_advertising_profiles_id_fk" FOREIGN KEY ("advertising_profile_id") REFERENCES "public"."advertising_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negative_keywords" ADD CONSTRAINT "negative_keywords_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negative_keywords" ADD CONSTRAINT "negative_keywords_ad_group_id_ad_groups_id_fk" FOREIGN KEY ("ad_group_id") REFERENCES "public"."ad_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negative_targets" ADD CONSTRAINT "negative_targets_advertising_profile_id_advertising_profiles_id_fk" FOREIGN KEY ("advertising_profile_id") REFERENCES "public"."advertising_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negative_targets" ADD CONSTRAINT "negative_targets_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negative_targets" ADD CONSTRAINT "negative_targets_ad_group_id_ad_groups_id_fk" FOREIGN KEY ("ad_group_id") REFERENCES "public"."ad_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ads" ADD CONSTRAINT "product_ads_advertising_profile_id_advertising_profiles_id_fk" FOREIGN KEY ("advertising_profile_id") REFERENCES "public"."advertising_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ads" ADD CONSTRAINT "product_ads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ads" ADD CONSTRAINT "product_ads_ad_group_id_ad_groups_id_fk" FOREIGN KEY ("ad_group_id") REFERENCES "public"."ad_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_seller_account_id_seller_accounts_id_fk" FOREIGN KEY ("seller_account_id") REFERENCES "public"."seller_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_term_daily" ADD CONSTRAINT "search_term_daily_advertising_profile_id_advertising_profiles_id_fk" FOREIGN KEY ("advertising_profile_id") REFERENCES "public"."advertising_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_advertising_profile_id_advertising_profiles_id_fk" FOREIGN KEY ("advertising_profile_id") REFERENCES "public"."advertising_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_ad_group_id_ad_groups_id_fk" FOREIGN KEY ("ad_group_id") REFERENCES "public"."ad_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_groups_profile_amazon_id" ON "ad_groups" USING btree ("advertising_profile_id","amazon_ad_group_id");--> statement-breakpoint
CREATE INDEX "ad_groups_profile_campaign" ON "ad_groups" USING btree ("advertising_profile_id","amazon_campaign_id");--> statement-breakpoint
CREATE INDEX "ad_performance_daily_profile_date" ON "ad_performance_daily" USING btree ("advertising_profile_id","date");--> statement-breakpoint
CREATE INDEX "amazon_authorization_states_expires" ON "amazon_authorization_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "amazon_connections_profile_api_region" ON "amazon_connections" USING btree ("seller_profile_id","api","region");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_profile_amazon_id" ON "campaigns" USING btree ("advertising_profile_id","amazon_campaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_profile_name" ON "campaigns" USING btree ("advertising_profile_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "keywords_profile_amazon_id" ON "keywords" USING btree ("advertising_profile_id","amazon_keyword_id");--> statement-breakpoint
CREATE INDEX "keywords_profile_ad_group" ON "keywords" USING btree ("advertising_profile_id","amazon_ad_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "negative_keywords_profile_amazon_id" ON "negative_keywords" USING btree ("advertising_profile_id","level","amazon_keyword_id");--> statement-breakpoint
CREATE UNIQUE INDEX "negative_targets_profile_amazon_id" ON "negative_targets" USING btree ("advertising_profile_id","level","amazon_target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_ads_profile_amazon_id" ON "product_ads" USING btree ("advertising_profile_id","amazon_ad_id");--> statement-breakpoint
CREATE INDEX "product_ads_profile_sku" ON "product_ads" USING btree ("advertising_profile_id","sku");--> statement-breakpoint
CREATE UNIQUE INDEX "products_account_marketplace_sku" ON "products" USING btree ("seller_account_id","marketplace_id","sku");--> statement-breakpoint
CREATE INDEX "products_account_asin" ON "products" USING btree ("seller_account_id","asin");--> statement-breakpoint
CREATE INDEX "search_term_daily_profile_date" ON "search_term_daily" USING btree ("advertising_profile_id","date");--> statement-breakpoint
CREATE INDEX "sync_runs_profile_created" ON "sync_runs" USING btree ("seller_profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "targets_profile_amazon_id" ON "targets" USING btree ("advertising_profile_id","amazon_target_id");--> statement-breakpoint
CREATE INDEX "targets_profile_ad_group" ON "targets" USING btree ("advertising_profile_id","amazon_ad_group_id");