ALTER TABLE "reports" ALTER COLUMN "target_id" SET DATA TYPE text USING "target_id"::text;--> statement-breakpoint
CREATE TABLE "admin_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"target_label" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_actor_idx" ON "admin_audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "reports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_pending_unique" ON "reports" USING btree ("reporter_id","report_type","target_id") WHERE "reports"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower(coalesce("email", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_handle_trgm_idx" ON "users" USING gin (lower("handle") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_suspended_created_idx" ON "users" USING btree ("created_at") WHERE "users"."is_suspended";
