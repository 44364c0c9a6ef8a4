-- What changed for search: each instance keeps what search ranks (projects' text, scores and authors,
-- comments' text, users' names and standing) in memory (server/modules/discovery/search-index) and, before it answers
-- a search, reads the rows named here since its last look. A row names a project, a comment or a user and the
-- transaction that changed it; an instance reads from the oldest transaction still running at its
-- last look, so a change that commits late is never passed over. Rows older than any instance reads
-- are deleted by the discovery job. A statement that changes very many rows (a bulk score refresh
-- after a load) writes one row naming nothing: every instance reloads.
CREATE TABLE "search_changes" (
  "tx" xid8 NOT NULL DEFAULT pg_current_xact_id(),
  "at" timestamptz NOT NULL DEFAULT now(),
  "project_id" integer,
  "comment_id" integer,
  "user_id" uuid
);
--> statement-breakpoint
CREATE INDEX "search_changes_tx_idx" ON "search_changes" ("tx");
--> statement-breakpoint
CREATE INDEX "search_changes_at_idx" ON "search_changes" ("at");
--> statement-breakpoint
-- Names the rows a statement wrote in search_changes' column TG_ARGV[0]; an update names only those
-- whose columns search reads changed (TG_ARGV[1], over the new row nr and the old row o).
CREATE FUNCTION search_changes_note() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  rows_table text := CASE WHEN TG_OP = 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
  n integer;
BEGIN
  EXECUTE format('SELECT count(*) FROM %I', rows_table) INTO n;
  IF n > 5000 THEN
    EXECUTE format('INSERT INTO search_changes (%I) VALUES (NULL)', TG_ARGV[0]);
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE format('INSERT INTO search_changes (%I) SELECT nr.id FROM new_rows nr JOIN old_rows o ON o.id = nr.id WHERE %s', TG_ARGV[0], TG_ARGV[1]);
  ELSE
    EXECUTE format('INSERT INTO search_changes (%I) SELECT id FROM %I', TG_ARGV[0], rows_table);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_changes_projects_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_note('project_id');
--> statement-breakpoint
-- What search reads of a project: its text, its score and its author.
CREATE TRIGGER search_changes_projects_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_note('project_id',
    'nr.search_document IS DISTINCT FROM o.search_document OR nr.title IS DISTINCT FROM o.title OR nr.trending_score IS DISTINCT FROM o.trending_score OR nr.author_id IS DISTINCT FROM o.author_id');
--> statement-breakpoint
CREATE TRIGGER search_changes_projects_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_note('project_id');
--> statement-breakpoint
CREATE TRIGGER search_changes_comments_insert AFTER INSERT ON comments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_note('comment_id');
--> statement-breakpoint
-- What search reads of a comment: its text (its writer, project and time never change).
CREATE TRIGGER search_changes_comments_update AFTER UPDATE ON comments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_note('comment_id',
    'nr.search_document IS DISTINCT FROM o.search_document');
--> statement-breakpoint
CREATE TRIGGER search_changes_comments_delete AFTER DELETE ON comments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_note('comment_id');
--> statement-breakpoint
CREATE TRIGGER search_changes_users_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_note('user_id');
--> statement-breakpoint
-- What search reads of a user: the name it matches and whether and how their projects show.
CREATE TRIGGER search_changes_users_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_note('user_id',
    'nr.display_name IS DISTINCT FROM o.display_name OR nr.first_name IS DISTINCT FROM o.first_name OR nr.last_name IS DISTINCT FROM o.last_name OR nr.is_suspended IS DISTINCT FROM o.is_suspended OR nr.is_premium IS DISTINCT FROM o.is_premium OR nr.premium_expires_at IS DISTINCT FROM o.premium_expires_at');
--> statement-breakpoint
CREATE TRIGGER search_changes_users_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_note('user_id');
