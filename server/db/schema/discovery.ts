import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * Search's per-word postings: each lexeme of a project's search document with the project's trending
 * step (its score in quarter steps), so a word's most trending projects are the first of its range.
 * Written only by triggers on projects (migration 0019, where the lexeme is COLLATE "C" so a prefix is
 * a range); search reads it in SQL (discovery.repository.ts).
 */
export const projectSearchPostings = pgTable(
  'project_search_postings',
  {
    lexeme: text('lexeme').notNull(),
    step: doublePrecision('step').notNull(),
    projectId: integer('project_id').notNull(),
  },
  (t) => [uniqueIndex('project_search_postings_lexeme_step_idx').on(t.lexeme, t.step.desc(), t.projectId.desc())],
);

/** The same for comments, newest first (migration 0021): a comment's order never changes. */
export const commentSearchPostings = pgTable(
  'comment_search_postings',
  {
    lexeme: text('lexeme').notNull(),
    commentId: integer('comment_id').notNull(),
  },
  (t) => [uniqueIndex('comment_search_postings_lexeme_idx').on(t.lexeme, t.commentId.desc())],
);
