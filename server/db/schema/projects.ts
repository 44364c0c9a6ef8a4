import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The GIN indexes that every comment writes to (a comment's own words, and its project's row, which the
 * counter and trending score update rewrites into every index). With GIN's default 4 MB pending list, the
 * insert that overflows it merges the whole list, and on PGlite that froze the server's one thread for
 * 45 to 65 ms every few seconds under comments; 256 kB merges 16 times as often, each a sixteenth as long.
 */
const WRITTEN_GIN = { gin_pending_list_limit: 256 };

/** A stored full-text document (a generated column): search reads it instead of computing it per row. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    thumbnail: text('thumbnail').notNull(),
    category: text('category').notNull(),
    projectUrl: text('project_url'),
    tutorialUrl: text('tutorial_url').notNull(),
    timeSpent: integer('time_spent'),
    timeUnit: text('time_unit').notNull().default('hours'),
    location: text('location'),
    cost: integer('cost'),
    costCurrency: text('cost_currency').notNull().default('USD'),
    hostingType: text('hosting_type').notNull().default('external'),
    viewCount: integer('view_count').notNull().default(0),
    reactionCount: integer('reaction_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    saveCount: integer('save_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    // Precomputed ranking score (time-decayed popularity, premium boost applied once); see docs/decisions.md.
    trendingScore: doublePrecision('trending_score').notNull().default(0),
    searchDocument: tsvector('search_document')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', title || ' ' || description || ' ' || category)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Commit order of the last content change, set by a trigger: the author's sync checkpoint (0008_offline).
    syncSeq: bigint('sync_seq', { mode: 'number' }).notNull().default(0),
    /** The draft this project was published from (its client-made id), so publishing happens once. */
    sourceDraftId: uuid('source_draft_id'),
  },
  (t) => [
    // A creator's newest projects in the order the following feed and profiles read them, index-only.
    index('projects_author_idx').on(t.authorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('projects_source_draft_unique').on(t.sourceDraftId),
    index('projects_category_idx').on(t.category),
    index('projects_trending_idx').on(t.trendingScore.desc(), t.id.desc()),
    // Recommendations take the best-scored projects of the member's favourite categories.
    index('projects_category_trending_idx').on(t.category, t.trendingScore.desc(), t.id.desc()),
    index('projects_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('projects_search_document_idx').using('gin', t.searchDocument).with(WRITTEN_GIN),
    check('projects_cost_nonnegative', sql`${t.cost} IS NULL OR ${t.cost} >= 0`),
    check('projects_counts_nonnegative', sql`${t.reactionCount} >= 0 AND ${t.saveCount} >= 0`),
  ],
);

export const projectFiles = pgTable(
  'project_files',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('project_files_path_unique').on(t.projectId, t.path)],
);

export const reactions = pgTable(
  'reactions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('like'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] }), index('reactions_project_idx').on(t.projectId)],
);

export const saves = pgTable(
  'saves',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    syncSeq: bigint('sync_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    index('saves_user_sync_idx').on(t.userId, t.syncSeq),
    index('saves_user_created_idx').on(t.userId, t.createdAt),
    index('saves_project_idx').on(t.projectId),
  ],
);

export const ratings = pgTable(
  'ratings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    index('ratings_project_idx').on(t.projectId),
    check('ratings_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/** One row per sharer and project; sharing again refreshes sharedAt (the feed shows the latest share). */
export const shares = pgTable(
  'shares',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    index('shares_user_shared_idx').on(t.userId, t.sharedAt.desc().nullsFirst(), t.projectId.desc().nullsFirst()),
    index('shares_project_idx').on(t.projectId),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    searchDocument: tsvector('search_document').notNull().generatedAlwaysAs(sql`to_tsvector('english', content)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_project_created_idx').on(t.projectId, t.createdAt),
    index('comments_user_idx').on(t.userId),
    index('comments_search_document_idx').using('gin', t.searchDocument).with(WRITTEN_GIN),
  ],
);

/** Throttles view counting: one view per viewer (user id or anonymous key) per project per window. */
export const projectViews = pgTable(
  'project_views',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    viewerKey: text('viewer_key').notNull(),
    lastCountedAt: timestamp('last_counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.viewerKey] })],
);
