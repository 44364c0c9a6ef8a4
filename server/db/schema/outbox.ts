import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Work written in the same transaction as the change that calls for it (server/jobs/outbox.ts), handed
 * to its topic's handler at least once, retried with backoff. `dedupeKey` keeps one row per event.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    dedupeKey: text('dedupe_key'),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outbox_dedupe_key_unique').on(t.dedupeKey),
    index('outbox_pending_idx').on(t.topic, t.availableAt, t.id).where(sql`${t.doneAt} IS NULL AND ${t.failedAt} IS NULL`),
    index('outbox_done_idx').on(t.doneAt).where(sql`${t.doneAt} IS NOT NULL`),
  ],
);
