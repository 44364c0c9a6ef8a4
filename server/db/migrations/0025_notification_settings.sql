-- Each member's notification settings (the kinds they changed; the rest take the defaults) and when
-- their last daily digest was sent.
ALTER TABLE "users" ADD COLUMN "notification_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_sent_at" timestamptz;
