import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A member's ranked "More for you" list, computed when they open the first page and read page by page
 * afterwards, so that likes and score refreshes between page fetches never repeat or skip a project.
 */
export const recommendationSnapshots = pgTable('recommendation_snapshots', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  projectIds: integer('project_ids').array().notNull(),
  /** Why each project ranked (bits of RANKING_REASON_BITS, discovery.repository.ts), in the order of projectIds. */
  reasons: smallint('reasons').array(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  /** False while only the first pages are ranked (a member's first page); a page past them ranks the rest. */
  complete: boolean('complete').notNull().default(true),
  /**
   * The ranking made in the background after a first page found this snapshot stale: the next first
   * page takes it over, so paging through the current one never sees it change.
   */
  nextProjectIds: integer('next_project_ids').array(),
  nextComputedAt: timestamp('next_computed_at', { withTimezone: true }),
  nextReasons: smallint('next_reasons').array(),
});

/**
 * The words of project titles, descriptions and categories: search corrects a misspelt query word to
 * its nearest words here (trigram similarity) and then looks them up in the full-text index.
 */
export const searchWords = pgTable(
  'search_words',
  { word: text('word').primaryKey() },
  (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);
