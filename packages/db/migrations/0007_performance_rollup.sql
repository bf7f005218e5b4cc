CREATE TABLE "ad_performance_cumulative" (
	"advertising_profile_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"date" date NOT NULL,
	"amazon_id" text NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"cost_micros" bigint NOT NULL,
	"orders" bigint NOT NULL,
	"units" bigint NOT NULL,
	"sales_micros" bigint NOT NULL,
	CONSTRAINT "ad_performance_cumulative_pk" PRIMARY KEY("advertising_profile_id","entity_type","date","amazon_id")
);
--> statement-breakpoint
CREATE TABLE "ad_performance_rollup_state" (
	"advertising_profile_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"max_date" date,
	"dirty_from" date,
	CONSTRAINT "ad_performance_rollup_state_pk" PRIMARY KEY("advertising_profile_id","entity_type")
);
--> statement-breakpoint
ALTER TABLE "ad_performance_cumulative" ADD CONSTRAINT "ad_performance_cumulative_advertising_profile_id_advertising_profiles_id_fk" FOREIGN KEY ("advertising_profile_id") REFERENCES "public"."advertising_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_performance_rollup_state" ADD CONSTRAINT "ad_performance_rollup_state_advertising_profile_id_advertising_profiles_id_fk" FOREIGN KEY ("advertising_profile_id") REFERENCES "public"."advertising_profiles"("id") ON DELETE cascade ON UPDATE no action;