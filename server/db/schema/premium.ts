import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { projects } from './projects';

/**
 * Per-project, per-day activity counters for the premium Analytics screen: one row per project and
 * UTC day with activity, incremented in place. The primary key (project_id, day) is the index that
 * reads a creator's projects over a date range; the second index serves range scans by day.
 */
export const projectDailyStats = pgTable(
  'project_daily_stats',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    reactions: integer('reactions').notNull().default(0),
    saves: integer('saves').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    shares: integer('shares').notNull().default(0),
    ratings: integer('ratings').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day] }), index('project_daily_stats_day_idx').on(t.day, t.projectId)],
);


/**
 * Where a creator's counted views came from, per project, UTC day and source: 'buildboard' (inside the
 * app), 'share' (a link shared from it), 'embed', 'feed', or 'site:<domain>' (another site's link, by
 * its referrer's host). Written in the same statement that counts the views (view-counter.ts).
 */
export const projectViewSources = pgTable(
  'project_view_sources',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.source] })],
);
