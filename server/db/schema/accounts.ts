import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Single-use tokens behind the links sent by mail (verify an address, reset a password, restore a
 * deleted account). Only a hash of the secret is stored; the link carries the row's id and the secret.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** The address a verification token proves (a new address waits here until it is verified). */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user_purpose_idx').on(t.userId, t.purpose), index('account_tokens_expires_idx').on(t.expiresAt)],
);

/** A member's "Download my data" archives, built in the background and kept for a few days. */
export const accountExports = pgTable(
  'account_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('account_exports_user_idx').on(t.userId, t.createdAt),
    // One archive is built at a time per member.
    uniqueIndex('account_exports_pending_unique').on(t.userId).where(sql`${t.status} = 'pending'`),
  ],
);
