ALTER TABLE "optimiser_runs" ADD COLUMN "requested_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "optimiser_runs" ADD COLUMN "requested_by_actor_user_id" uuid;--> statement-breakpoint
ALTER TABLE "optimiser_runs" ADD COLUMN "requested_by_actor_name" text;--> statement-breakpoint
ALTER TABLE "recommendations" ADD COLUMN "decided_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "recommendations" ADD COLUMN "decided_by_actor_user_id" uuid;--> statement-breakpoint
ALTER TABLE "recommendations" ADD COLUMN "decided_by_actor_name" text;--> statement-breakpoint
ALTER TABLE "optimiser_runs" ADD CONSTRAINT "optimiser_runs_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optimiser_runs" ADD CONSTRAINT "optimiser_runs_requested_by_actor_user_id_users_id_fk" FOREIGN KEY ("requested_by_actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_decided_by_actor_user_id_users_id_fk" FOREIGN KEY ("decided_by_actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;