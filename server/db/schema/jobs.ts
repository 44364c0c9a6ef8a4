import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per scheduled job (server/jobs/job-runner.ts). Every instance polls; the one whose conditional
 * UPDATE claims the row runs the job, so two instances never run the same job at once.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  /** Set while an instance runs the job; a crashed run's lease expires and another instance takes over. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  /** When the last successful run started (incremental jobs continue from there). */
  lastSucceededStartedAt: timestamp('last_succeeded_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
});
