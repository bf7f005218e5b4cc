CREATE TABLE "bid_history" (
	"advertising_profile_id" uuid NOT NULL,
	"entity_kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"date" date NOT NULL,
	"bid_micros" bigint,
	CONSTRAINT "bid_history_pk" PRIMARY KEY("entity_id","date")
);
--> statement-breakpoint
CREATE TABLE "optimiser_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_profile_id" uuid NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"run_date" date NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"window_from" date,
	"window_to" date,
	"settings" jsonb,
	"counts" jsonb,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_ms" integer,
	"error" text,
	"change_batch_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recommendations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"seller_profile_id" uuid NOT NULL,
	"advertising_profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"campaign_id" uuid,
	"ad_group_id" uuid,
	"current_value" jsonb,
	"proposed_value" jsonb,
	"reason_code" text NOT NULL,
	"reason_params" jsonb,
	"inputs" jsonb,
	"impact" double precision,
	"impact_low" double precision,
	"impact_high" double precision,
	"status" text DEFAULT 'open' NOT NULL,
	"snoozed_until" date,
	"change_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "changes" ADD COLUMN "optimiser_run_id" uuid;--> statement-breakpoint
ALTER TABLE "bid_history" ADD CONSTRAINT "bid_history_advertising_profile_id_advertising_profiles_id_fk" FOREIGN KEY ("advertising_profile_id") REFERENCES "public"."advertising_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optimiser_runs" ADD CONSTRAINT "optimiser_runs_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_run_id_optimiser_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."optimiser_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_advertising_profile_id_advertising_profiles_id_fk" FOREIGN KEY ("advertising_profile_id") REFERENCES "public"."advertising_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bid_history_profile_date" ON "bid_history" USING btree ("advertising_profile_id","date");--> statement-breakpoint
CREATE INDEX "optimiser_runs_profile_created" ON "optimiser_runs" USING btree ("seller_profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "optimiser_runs_one_running" ON "optimiser_runs" USING btree ("seller_profile_id") WHERE status = 'running' and not dry_run;--> statement-breakpoint
CREATE UNIQUE INDEX "optimiser_runs_one_scheduled_per_day" ON "optimiser_runs" USING btree ("seller_profile_id","run_date") WHERE trigger = 'scheduled';--> statement-breakpoint
CREATE INDEX "recommendations_profile_status" ON "recommendations" USING btree ("seller_profile_id","status");--> statement-breakpoint
CREATE INDEX "recommendations_run" ON "recommendations" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recommendations_one_open" ON "recommendations" USING btree ("entity_id","kind","subject") WHERE status = 'open';--> statement-breakpoint
-- Custom SQL (issue 19 §2): the bid in force per keyword/target and day, whoever writes the row
-- (the sync's upserts, the apply job's accepted rows, tests). A second write the same day
-- overwrites that day's row.
CREATE FUNCTION "bid_history_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."bid_micros" IS NOT DISTINCT FROM NEW."bid_micros" THEN
    RETURN NEW;
  END IF;
  INSERT INTO "bid_history" ("advertising_profile_id", "entity_kind", "entity_id", "date", "bid_micros")
    VALUES (NEW."advertising_profile_id", TG_ARGV[0], NEW."id", current_date, NEW."bid_micros")
    ON CONFLICT ("entity_id", "date") DO UPDATE SET "bid_micros" = excluded."bid_micros";
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "keywords_bid_history" AFTER INSERT OR UPDATE OF "bid_micros" ON "keywords"
  FOR EACH ROW EXECUTE FUNCTION "bid_history_record"('keyword');
--> statement-breakpoint
CREATE TRIGGER "targets_bid_history" AFTER INSERT OR UPDATE OF "bid_micros" ON "targets"
  FOR EACH ROW EXECUTE FUNCTION "bid_history_record"('target');
--> statement-breakpoint
-- What exists now is the bid in force today.
INSERT INTO "bid_history" ("advertising_profile_id", "entity_kind", "entity_id", "date", "bid_micros")
  SELECT "advertising_profile_id", 'keyword', "id", current_date, "bid_micros" FROM "keywords"
  UNION ALL
  SELECT "advertising_profile_id", 'target', "id", current_date, "bid_micros" FROM "targets"
  ON CONFLICT DO NOTHING;
