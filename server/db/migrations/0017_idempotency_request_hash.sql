-- An Idempotency-Key is bound to its request's body too: a retry with another body is refused.
-- Rows stored before this (kept one day) have none and are matched on method and path only.
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text;
