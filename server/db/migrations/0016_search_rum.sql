-- Ranked full text read in rank order from an index (ORDER BY search_document <=> query) where the rum
-- extension is installed (PostgreSQL with Debian's postgresql-15-rum). Without it (PGlite, a server
-- without the package, a role that may not create extensions) nothing is created and search keeps its
-- GIN path; the server looks for these indexes when it starts searching.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'rum') THEN
    CREATE EXTENSION IF NOT EXISTS rum;
    CREATE INDEX IF NOT EXISTS "projects_search_rum_idx" ON "projects" USING rum ("search_document" rum_tsvector_ops);
    CREATE INDEX IF NOT EXISTS "comments_search_rum_idx" ON "comments" USING rum ("search_document" rum_tsvector_ops);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'rum not created (%): search uses its GIN indexes', SQLERRM;
END $$;
