DROP INDEX "projects_author_idx";--> statement-breakpoint
DROP INDEX "projects_created_at_idx";--> statement-breakpoint
DROP INDEX "shares_user_shared_idx";--> statement-breakpoint
CREATE INDEX "projects_author_idx" ON "projects" USING btree ("author_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_created_at_idx" ON "projects" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shares_user_shared_idx" ON "shares" USING btree ("user_id","shared_at" DESC NULLS FIRST,"project_id" DESC NULLS FIRST);