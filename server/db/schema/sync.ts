import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { users } from './users';

/**
 * What a client's pull must learn was deleted: unsaves, deleted projects, removed notifications. Rows are
 * written by triggers (migration 0008_offline), so every path that deletes, cascades included, leaves one.
 * No foreign key on user_id: a tombstone is written while its user may be deleted in the same statement.
 */
export const syncTombstones = pgTable(
  'sync_tombstones',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    collection: text('collection').notNull(),
    docId: text('doc_id').notNull(),
    syncSeq: bigint('sync_seq', { mode: 'number' }).notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sync_tombstones_user_idx').on(t.userId, t.collection, t.syncSeq, t.docId)],
);

/** A project being written, replicated both ways; the client makes the id, which is also the publish key. */
export const projectDrafts = pgTable(
  'project_drafts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    revision: integer('revision').notNull().default(1),
    deleted: boolean('deleted').notNull().default(false),
    publishedProjectId: integer('published_project_id').references(() => projects.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    syncSeq: bigint('sync_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('project_drafts_user_sync_idx').on(t.userId, t.syncSeq, t.id)],
);

/**
 * Answers of writes sent with an Idempotency-Key, so a retry after a lost answer replays the first
 * answer instead of applying the write twice. status is null while the first request runs.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 of the request's JSON body: a retry must send the same one. */
    requestHash: text('request_hash'),
    status: smallint('status'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
