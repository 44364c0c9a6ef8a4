-- Per-word postings of project search in trending order: one row per (lexeme of a project's stored
-- search document, project), keyed by the lexeme, then a coarse trending step, then the project, so
-- that a word's most trending projects are the first entries of its range and a search reads only
-- those (GIN yields a word's matches in no useful order and reads every one of them).
-- The step is the trending score in quarters of its base-2 logarithm (a factor of 1.19 in decayed
-- popularity, or 18 hours of age): a like or a view moves a project's entries only when it crosses a
-- step, not on every counter change. Kept by triggers on projects, in this file only.
CREATE TABLE "project_search_postings" (
  "lexeme" text COLLATE "C" NOT NULL,
  "step" double precision NOT NULL,
  "project_id" integer NOT NULL
);
--> statement-breakpoint
-- A float like the score itself, so no score is out of its range.
CREATE FUNCTION project_search_step(score double precision) RETURNS double precision
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT floor(score * 4) $$;
--> statement-breakpoint
CREATE FUNCTION project_search_postings_sync() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM project_search_postings
    WHERE lexeme = ANY (tsvector_to_array(OLD.search_document))
      AND step = project_search_step(OLD.trending_score) AND project_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO project_search_postings (lexeme, step, project_id)
    SELECT l, project_search_step(NEW.trending_score), NEW.id FROM unnest(tsvector_to_array(NEW.search_document)) l;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_search_postings_insert_delete AFTER INSERT OR DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION project_search_postings_sync();
--> statement-breakpoint
CREATE TRIGGER project_search_postings_update AFTER UPDATE ON projects
  FOR EACH ROW WHEN (OLD.search_document IS DISTINCT FROM NEW.search_document
    OR project_search_step(OLD.trending_score) <> project_search_step(NEW.trending_score))
  EXECUTE FUNCTION project_search_postings_sync();
--> statement-breakpoint
-- Every project's entries again, from scratch: the backfill below, and bulk loads that set the
-- triggers aside. The index is built after the rows (at 1M projects, 20M entries inserted into the
-- index one by one took 4 minutes), and here only: it is the table's one index.
CREATE FUNCTION rebuild_project_search_postings() RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DROP INDEX IF EXISTS project_search_postings_lexeme_step_idx;
  TRUNCATE project_search_postings;
  INSERT INTO project_search_postings (lexeme, step, project_id)
  SELECT l, project_search_step(p.trending_score), p.id FROM projects p, unnest(tsvector_to_array(p.search_document)) l;
  CREATE UNIQUE INDEX project_search_postings_lexeme_step_idx ON project_search_postings (lexeme, step DESC, project_id DESC);
END $$;
--> statement-breakpoint
SELECT rebuild_project_search_postings();
