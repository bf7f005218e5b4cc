CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text,
	"subject_user_id" uuid,
	"subject_email" text,
	"method" text,
	"resource" text,
	"entity_id" text,
	"status" integer,
	"ip" text,
	"user_agent" text,
	"details" jsonb
);
--> statement-breakpoint
ALTER TABLE "user_sessions" ADD COLUMN "impersonator_id" uuid;--> statement-breakpoint
ALTER TABLE "changes" ADD COLUMN "actor_user_id" uuid;--> statement-breakpoint
ALTER TABLE "changes" ADD COLUMN "actor_name" text;--> statement-breakpoint
CREATE INDEX "audit_events_at" ON "audit_events" USING btree ("at","seq");--> statement-breakpoint
CREATE INDEX "audit_events_actor" ON "audit_events" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_subject" ON "audit_events" USING btree ("subject_user_id","at");--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;