CREATE TABLE "change_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_profile_id" uuid NOT NULL,
	"author_kind" text DEFAULT 'user' NOT NULL,
	"author_user_id" uuid,
	"undo_of_batch_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pushed_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"seller_profile_id" uuid NOT NULL,
	"advertising_profile_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid,
	"entity_label" text,
	"operation" text DEFAULT 'update' NOT NULL,
	"field" text,
	"old_value" jsonb,
	"new_value" jsonb,
	"parent_change_id" uuid,
	"reason_code" text DEFAULT 'manual' NOT NULL,
	"reason_params" jsonb,
	"reason_text" text,
	"author_kind" text DEFAULT 'user' NOT NULL,
	"author_user_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"error_code" text,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"amazon_id" text,
	"undo_of_change_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "change_batches" ADD CONSTRAINT "change_batches_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_batches" ADD CONSTRAINT "change_batches_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_batches" ADD CONSTRAINT "change_batches_undo_of_batch_id_change_batches_id_fk" FOREIGN KEY ("undo_of_batch_id") REFERENCES "public"."change_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_batch_id_change_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."change_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_advertising_profile_id_advertising_profiles_id_fk" FOREIGN KEY ("advertising_profile_id") REFERENCES "public"."advertising_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_parent_change_id_changes_id_fk" FOREIGN KEY ("parent_change_id") REFERENCES "public"."changes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_undo_of_change_id_changes_id_fk" FOREIGN KEY ("undo_of_change_id") REFERENCES "public"."changes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_batches_profile_status" ON "change_batches" USING btree ("seller_profile_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "change_batches_one_draft" ON "change_batches" USING btree ("seller_profile_id","author_user_id") WHERE status = 'draft';--> statement-breakpoint
CREATE INDEX "changes_batch_status" ON "changes" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "changes_entity" ON "changes" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE INDEX "changes_profile_created" ON "changes" USING btree ("seller_profile_id","created_at");