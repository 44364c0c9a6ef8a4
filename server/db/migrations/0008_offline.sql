CREATE TABLE "sync_tombstones" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"collection" text NOT NULL,
	"doc_id" text NOT NULL,
	"sync_seq" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_drafts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"data" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"published_project_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" smallint,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "sync_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "sync_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "saves" ADD COLUMN "sync_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "source_draft_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "projects_source_draft_unique" ON "projects" USING btree ("source_draft_id");--> statement-breakpoint
ALTER TABLE "project_drafts" ADD CONSTRAINT "project_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_drafts" ADD CONSTRAINT "project_drafts_published_project_id_projects_id_fk" FOREIGN KEY ("published_project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sync_tombstones_user_idx" ON "sync_tombstones" USING btree ("user_id","collection","sync_seq","doc_id");--> statement-breakpoint
CREATE INDEX "project_drafts_user_sync_idx" ON "project_drafts" USING btree ("user_id","sync_seq","id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_sync_idx" ON "notifications" USING btree ("user_id","sync_seq","id");--> statement-breakpoint
CREATE INDEX "saves_user_sync_idx" ON "saves" USING btree ("user_id","sync_seq");--> statement-breakpoint
-- Sync order is commit order: the id of the writing transaction. A pull only returns rows whose
-- transaction is older than every transaction still running, so a late commit is never skipped.
CREATE FUNCTION "bb_touch_sync_seq"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.sync_seq := pg_current_xact_id()::text::bigint;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION "bb_sync_tombstone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'saves' THEN
		INSERT INTO sync_tombstones (user_id, collection, doc_id, sync_seq) VALUES (OLD.user_id, 'saved', OLD.project_id::text, pg_current_xact_id()::text::bigint);
	ELSIF TG_TABLE_NAME = 'projects' THEN
		INSERT INTO sync_tombstones (user_id, collection, doc_id, sync_seq) VALUES (OLD.author_id, 'projects', OLD.id::text, pg_current_xact_id()::text::bigint);
	ELSIF TG_TABLE_NAME = 'notifications' THEN
		INSERT INTO sync_tombstones (user_id, collection, doc_id, sync_seq) VALUES (OLD.user_id, 'notifications', OLD.id::text, pg_current_xact_id()::text::bigint);
	END IF;
	RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notifications_sync_seq" BEFORE INSERT OR UPDATE ON "notifications" FOR EACH ROW EXECUTE FUNCTION "bb_touch_sync_seq"();--> statement-breakpoint
CREATE TRIGGER "saves_sync_seq" BEFORE INSERT OR UPDATE ON "saves" FOR EACH ROW EXECUTE FUNCTION "bb_touch_sync_seq"();--> statement-breakpoint
CREATE TRIGGER "project_drafts_sync_seq" BEFORE INSERT OR UPDATE ON "project_drafts" FOR EACH ROW EXECUTE FUNCTION "bb_touch_sync_seq"();--> statement-breakpoint
CREATE TRIGGER "projects_sync_seq_insert" BEFORE INSERT ON "projects" FOR EACH ROW EXECUTE FUNCTION "bb_touch_sync_seq"();--> statement-breakpoint
-- Counter and score updates (every like, view and trending refresh) are not content changes: only the
-- fields a creator edits move the project in its author's sync order.
CREATE TRIGGER "projects_sync_seq_update" BEFORE UPDATE ON "projects" FOR EACH ROW
	WHEN ((OLD.title, OLD.description, OLD.thumbnail, OLD.category, OLD.project_url, OLD.tutorial_url, OLD.time_spent, OLD.time_unit, OLD.location, OLD.cost, OLD.hosting_type)
		IS DISTINCT FROM (NEW.title, NEW.description, NEW.thumbnail, NEW.category, NEW.project_url, NEW.tutorial_url, NEW.time_spent, NEW.time_unit, NEW.location, NEW.cost, NEW.hosting_type))
	EXECUTE FUNCTION "bb_touch_sync_seq"();--> statement-breakpoint
CREATE TRIGGER "saves_sync_tombstone" AFTER DELETE ON "saves" FOR EACH ROW EXECUTE FUNCTION "bb_sync_tombstone"();--> statement-breakpoint
CREATE TRIGGER "projects_sync_tombstone" AFTER DELETE ON "projects" FOR EACH ROW EXECUTE FUNCTION "bb_sync_tombstone"();--> statement-breakpoint
CREATE TRIGGER "notifications_sync_tombstone" AFTER DELETE ON "notifications" FOR EACH ROW EXECUTE FUNCTION "bb_sync_tombstone"();
