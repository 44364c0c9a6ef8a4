ALTER TABLE "projects" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (to_tsvector('english', "title" || ' ' || "description" || ' ' || "category")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (to_tsvector('english', "content")) STORED NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "projects_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "comments_search_idx";--> statement-breakpoint
CREATE INDEX "projects_search_document_idx" ON "projects" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "comments_search_document_idx" ON "comments" USING gin ("search_document");
