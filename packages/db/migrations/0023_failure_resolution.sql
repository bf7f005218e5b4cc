ALTER TABLE "changes" ADD COLUMN "failure_resolution" text;--> statement-breakpoint
ALTER TABLE "changes" ADD COLUMN "failure_resolved_at" timestamp with time zone;