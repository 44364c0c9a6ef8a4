-- Accounts a member can trust: a verified address, deletion with a grace period, single-use tokens
-- for links sent by mail, data exports, and the outbox that carries mails and other work durably.
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamptz;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamptz;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "purge_after" timestamptz;
--> statement-breakpoint
-- Hidden from everyone but admins: suspended by an admin, or deleted by the member and awaiting purge.
ALTER TABLE "users" ADD COLUMN "is_hidden" boolean GENERATED ALWAYS AS ("is_suspended" OR "deleted_at" IS NOT NULL) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "users_hidden_idx" ON "users" USING btree ("id") WHERE "users"."is_hidden";
--> statement-breakpoint
CREATE INDEX "users_purge_after_idx" ON "users" USING btree ("purge_after") WHERE "users"."purge_after" IS NOT NULL;
--> statement-breakpoint
-- An identity provider vouched for these addresses (accounts signed up through OpenID Connect keep an
-- email only when it was verified there).
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "email" IS NOT NULL AND "password_hash" IS NULL AND "oidc_subject" IS NOT NULL;
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_changes_users_update ON users;
--> statement-breakpoint
CREATE TRIGGER search_changes_users_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_note('user_id',
    'nr.display_name IS DISTINCT FROM o.display_name OR nr.first_name IS DISTINCT FROM o.first_name OR nr.last_name IS DISTINCT FROM o.last_name OR nr.is_hidden IS DISTINCT FROM o.is_hidden OR nr.is_premium IS DISTINCT FROM o.is_premium OR nr.premium_expires_at IS DISTINCT FROM o.premium_expires_at');
--> statement-breakpoint
CREATE TABLE "account_tokens" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "purpose" text NOT NULL,
  "secret_hash" text NOT NULL,
  "email" text,
  "expires_at" timestamptz NOT NULL,
  "used_at" timestamptz,
  "created_at" timestamptz DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_tokens_user_purpose_idx" ON "account_tokens" USING btree ("user_id", "purpose");
--> statement-breakpoint
CREATE INDEX "account_tokens_expires_idx" ON "account_tokens" USING btree ("expires_at");
--> statement-breakpoint
CREATE TABLE "account_exports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "status" text DEFAULT 'pending' NOT NULL,
  "storage_key" text,
  "size_bytes" bigint,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  "ready_at" timestamptz,
  "expires_at" timestamptz
);
--> statement-breakpoint
CREATE INDEX "account_exports_user_idx" ON "account_exports" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "account_exports_pending_unique" ON "account_exports" USING btree ("user_id") WHERE "status" = 'pending';
--> statement-breakpoint
-- Work to do after a commit, written in the same transaction as the change that calls for it: mails,
-- exports, purges. Each row is handed to its topic's handler at least once; `dedupe_key` keeps one row
-- per event, so a retried request never makes a second mail.
CREATE TABLE "outbox" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "topic" text NOT NULL,
  "payload" jsonb NOT NULL,
  "dedupe_key" text,
  "available_at" timestamptz DEFAULT now() NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "locked_until" timestamptz,
  "last_error" text,
  "done_at" timestamptz,
  "failed_at" timestamptz,
  "created_at" timestamptz DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_key_unique" ON "outbox" USING btree ("dedupe_key");
--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("topic", "available_at", "id") WHERE "done_at" IS NULL AND "failed_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "outbox_done_idx" ON "outbox" USING btree ("done_at") WHERE "done_at" IS NOT NULL;
