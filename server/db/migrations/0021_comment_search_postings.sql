-- Per-word postings of comment search, newest first: one row per (lexeme of a comment's stored
-- search document, comment), keyed by the lexeme, then the comment (ids grow with time), so that a
-- word's newest comments are the first entries of its range, as 0019 does for projects in trending
-- order. A comment's order never changes: only its insert, a new document and its delete write here.
CREATE TABLE "comment_search_postings" (
  "lexeme" text COLLATE "C" NOT NULL,
  "comment_id" integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION comment_search_postings_sync() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM comment_search_postings
    WHERE lexeme = ANY (tsvector_to_array(OLD.search_document)) AND comment_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO comment_search_postings (lexeme, comment_id)
    SELECT l, NEW.id FROM unnest(tsvector_to_array(NEW.search_document)) l;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER comment_search_postings_insert_delete AFTER INSERT OR DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION comment_search_postings_sync();
--> statement-breakpoint
CREATE TRIGGER comment_search_postings_update AFTER UPDATE ON comments
  FOR EACH ROW WHEN (OLD.search_document IS DISTINCT FROM NEW.search_document)
  EXECUTE FUNCTION comment_search_postings_sync();
--> statement-breakpoint
-- Every comment's entries again, the index built after the rows (as 0019's rebuild).
CREATE FUNCTION rebuild_comment_search_postings() RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DROP INDEX IF EXISTS comment_search_postings_lexeme_idx;
  TRUNCATE comment_search_postings;
  INSERT INTO comment_search_postings (lexeme, comment_id)
  SELECT l, c.id FROM comments c, unnest(tsvector_to_array(c.search_document)) l;
  CREATE UNIQUE INDEX comment_search_postings_lexeme_idx ON comment_search_postings (lexeme, comment_id DESC);
END $$;
--> statement-breakpoint
SELECT rebuild_comment_search_postings();
