-- No query reads it: a title's likeness to the query is computed for the search's candidates only.
-- Every like and comment rewrites its project's row into each index of projects (the trending score
-- is indexed, so the update is never HOT): at 1M projects, updates of a project's score ran about a
-- fifth faster without it.
DROP INDEX IF EXISTS "projects_title_trgm_idx";
