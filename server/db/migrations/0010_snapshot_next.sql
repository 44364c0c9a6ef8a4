ALTER TABLE "recommendation_snapshots" ADD COLUMN "next_project_ids" integer[];--> statement-breakpoint
ALTER TABLE "recommendation_snapshots" ADD COLUMN "next_computed_at" timestamp with time zone;