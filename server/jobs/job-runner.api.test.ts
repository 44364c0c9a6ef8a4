import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { startJobRunner, type ScheduledJob } from './job-runner';

let t: TestDatabase;
const logger = createLogger('silent');
beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.migrate();
});
afterAll(async () => {
  await t?.drop();
});

/** A job that records its runs and notices when two of them overlap. */
function countingJob(name: string, intervalMs: number, runMs = 30) {
  const state = { runs: 0, active: 0, overlapped: false, seen: [] as (Date | null)[] };
  const job: ScheduledJob = {
    name,
    intervalMs,
    async run({ lastSucceededStartedAt }) {
      state.runs++;
      state.active++;
      if (state.active > 1) state.overlapped = true;
      state.seen.push(lastSucceededStartedAt);
      await new Promise((r) => setTimeout(r, runMs));
      state.active--;
    },
  };
  return { job, state };
}

describe('job runner', () => {
  it('when several instances start together, then a due job runs once, not once per instance', async () => {
    const { job, state } = countingJob('test:once', 60 * 60 * 1000);
    const stops = Array.from({ length: 4 }, () => startJobRunner({ db: t.database.db, logger }, [job], { pollMs: 20 }));
    await expect.poll(() => state.runs).toBe(1);
    await new Promise((r) => setTimeout(r, 200)); // more polls by every instance: still not due
    await Promise.all(stops.map((stop) => stop()));
    expect(state.runs).toBe(1);
    expect(state.seen).toEqual([null]);
  });

  it('when the interval has passed, then it runs again, never twice at once, and knows when the last run started', async () => {
    const { job, state } = countingJob('test:repeat', 100);
    const stops = [1, 2].map(() => startJobRunner({ db: t.database.db, logger }, [job], { pollMs: 15 }));
    await expect.poll(() => state.runs, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    await Promise.all(stops.map((stop) => stop()));
    expect(state.overlapped).toBe(false);
    expect(state.seen[0]).toBeNull();
    expect(state.seen[2]!.getTime()).toBeGreaterThan(state.seen[1]!.getTime());
  });

  it('when a run fails, then the error is kept and the job is free for the next run', async () => {
    let calls = 0;
    const job: ScheduledJob = {
      name: 'test:failing',
      intervalMs: 50,
      run: async () => {
        calls++;
        throw new Error('boom');
      },
    };
    const stop = startJobRunner({ db: t.database.db, logger }, [job], { pollMs: 15 });
    await expect.poll(() => calls, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await stop();
    const rows = (await t.database.db.execute(sql`SELECT last_error, locked_until FROM scheduled_jobs WHERE name = 'test:failing'`)) as unknown as {
      rows: { last_error: string; locked_until: unknown }[];
    };
    expect(rows.rows[0]).toEqual({ last_error: 'Error: boom', locked_until: null });
  });
});
