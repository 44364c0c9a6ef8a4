CREATE TABLE "project_view_sources" (
	"project_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_view_sources_project_id_day_source_pk" PRIMARY KEY("project_id","day","source")
);
--> statement-breakpoint
ALTER TABLE "project_view_sources" ADD CONSTRAINT "project_view_sources_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_snapshots" ADD COLUMN "reasons" smallint[];--> statement-breakpoint
ALTER TABLE "recommendation_snapshots" ADD COLUMN "next_reasons" smallint[];
