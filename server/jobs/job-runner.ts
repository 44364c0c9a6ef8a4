import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Logger } from '../logger';

/** Scheduled work that must run once across all instances, not once per instance. */
export type ScheduledJob = {
  /** Unique name; the row in scheduled_jobs. */
  name: string;
  /** Minimum time between two starts of the job, whichever instance runs it. */
  intervalMs: number;
  /** How long a run may hold the job; past it a crashed run's claim expires. Default 10 minutes. */
  leaseMs?: number;
  /** lastSucceededStartedAt: when the last successful run (on any instance) started; null the first time. */
  run(ctx: { lastSucceededStartedAt: Date | null }): Promise<void>;
};

export type JobRunnerOptions = {
  /** How often this instance looks for due jobs. Default 15 s. */
  pollMs?: number;
};

const DEFAULT_LEASE_MS = 10 * 60 * 1000;
const DEFAULT_POLL_MS = 15 * 1000;

/**
 * Runs scheduled jobs once across instances, never in per-instance timers (two instances would do the
 * work twice). Every instance polls with one
 * timer; a job is claimed by one conditional UPDATE on its scheduled_jobs row (due, and not held by a
 * live lease): under concurrent claims PostgreSQL re-checks the condition after the first commit, so
 * exactly one instance gets the row. Times come from the database's clock, never an instance's. Works the
 * same on PGlite. Answers a stop function (no new runs; resolves once the running ones end).
 */
export function startJobRunner(deps: { db: Db; logger: Logger }, jobs: ScheduledJob[], opts: JobRunnerOptions = {}) {
  let stopped = false;
  const running = new Map<string, Promise<void>>();

  const tryRun = async (job: ScheduledJob) => {
    await deps.db.execute(sql`INSERT INTO scheduled_jobs (name) VALUES (${job.name}) ON CONFLICT (name) DO NOTHING`);
    const claimed = (
      await rowsOf<{ last_succeeded_started_at: string | Date | null; started_at: string | Date }>(
        deps.db,
        sql`
        UPDATE scheduled_jobs
           SET locked_until = now() + make_interval(secs => ${(job.leaseMs ?? DEFAULT_LEASE_MS) / 1000}),
               last_started_at = now()
         WHERE name = ${job.name}
           AND (last_started_at IS NULL OR last_started_at <= now() - make_interval(secs => ${job.intervalMs / 1000}))
           AND (locked_until IS NULL OR locked_until < now())
     RETURNING last_succeeded_started_at, last_started_at AS started_at`,
      )
    )[0];
    if (!claimed) return;
    const startedAt = new Date(claimed.started_at);
    const last = claimed.last_succeeded_started_at;
    try {
      await job.run({ lastSucceededStartedAt: last === null ? null : new Date(last) });
      await deps.db.execute(sql`
        UPDATE scheduled_jobs SET locked_until = NULL, last_finished_at = now(), last_error = NULL,
               last_succeeded_started_at = ${startedAt.toISOString()}::timestamptz
         WHERE name = ${job.name}`);
    } catch (err) {
      if (stopped) return; // the database may be closing under a run cut short by shutdown
      deps.logger.error({ err, job: job.name }, 'scheduled job failed');
      await deps.db.execute(sql`
        UPDATE scheduled_jobs SET locked_until = NULL, last_finished_at = now(), last_error = ${String(err)}
         WHERE name = ${job.name}`);
    }
  };

  const tick = () => {
    for (const job of jobs) {
      if (stopped || running.has(job.name)) continue;
      const run = tryRun(job)
        .catch((err: unknown) => {
          if (!stopped) deps.logger.error({ err, job: job.name }, 'scheduled job could not be claimed');
        })
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    }
  };

  tick();
  const timer = setInterval(tick, opts.pollMs ?? Math.min(DEFAULT_POLL_MS, ...jobs.map((j) => j.intervalMs)));
  timer.unref();

  return async () => {
    stopped = true;
    clearInterval(timer);
    await Promise.all(running.values());
  };
}

