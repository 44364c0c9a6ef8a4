-- Written by hand instead of drizzle-kit's DROP and CREATE: a storage parameter needs no rebuild of the
-- indexes (minutes on a large database), and it applies to the pending lists from now on.
ALTER INDEX "comments_search_document_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "projects_title_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "projects_search_document_idx" SET (gin_pending_list_limit = 256);
