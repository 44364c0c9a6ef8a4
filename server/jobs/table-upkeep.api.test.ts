import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../db/rows';
import { lacksAutovacuum, tablesDue } from '../db/vacuum';
import { createLogger } from '../logger';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { startTableUpkeep } from './table-upkeep';

let t: TestDatabase;
const logger = createLogger('silent');
beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.migrate();
  // A table of 1,000 rows whose statistics are fresh: autovacuum's rule allows it 250 dead rows.
  await t.database.db.execute(sql`CREATE TABLE upkeep_probe (id int PRIMARY KEY, n int NOT NULL)`);
  await t.database.db.execute(sql`CREATE INDEX upkeep_probe_n_idx ON upkeep_probe (n)`);
  await t.database.db.execute(sql`INSERT INTO upkeep_probe SELECT g, 0 FROM generate_series(1, 1000) g`);
  // The inserts' counters first (a backend publishes them up to a second later), so the analyze covers them.
  await vi.waitFor(
    async () => {
      const [row] = await rowsOf<{ n: string }>(t.database.db, sql`SELECT n_tup_ins AS n FROM pg_stat_user_tables WHERE relname = 'upkeep_probe'`);
      expect(row?.n).toBe('1000');
    },
    { timeout: 15_000, interval: 100 },
  );
  await t.database.db.execute(sql`VACUUM ANALYZE upkeep_probe`);
});
afterAll(async () => {
  await t?.drop();
});

type ProbeStats = { dead: number; vacuumed: boolean; analyzed: boolean };
/** The probe's counters as the database reports them (a server publishes a backend's counters within about a second). */
async function probe(): Promise<ProbeStats> {
  const [row] = await rowsOf<{ dead: string; vacuums: string; analyzes: string }>(
    t.database.db,
    sql`SELECT n_dead_tup AS dead, vacuum_count AS vacuums, analyze_count AS analyzes FROM pg_stat_user_tables WHERE relname = 'upkeep_probe'`,
  );
  // The setup's own VACUUM ANALYZE is the first of each.
  return { dead: Number(row!.dead), vacuumed: Number(row!.vacuums) > 1, analyzed: Number(row!.analyzes) > 1 };
}

/** `count` updates of an indexed column, one statement each: every one leaves a dead row in the table and its index. */
async function update(count: number) {
  for (let i = 0; i < count; i++) await t.database.db.execute(sql`UPDATE upkeep_probe SET n = n + 1 WHERE id = ${1 + (i % 50)}`);
}

describe('table upkeep', () => {
  it('when a table has fewer dead rows than autovacuum allows, then it is not due', async () => {
    await update(100);
    await expect.poll(async () => (await probe()).dead, { timeout: 15_000 }).toBeGreaterThanOrEqual(100);
    expect((await tablesDue(t.database.db)).map((d) => d.table)).not.toContain('upkeep_probe');
  });

  it('when updates leave more dead rows than autovacuum allows, then the upkeep vacuums and analyzes the table by itself', async () => {
    await update(300);
    await expect.poll(async () => (await probe()).dead, { timeout: 15_000 }).toBeGreaterThanOrEqual(400);
    expect(await tablesDue(t.database.db)).toContainEqual({ table: 'upkeep_probe', vacuum: true, analyze: true });

    const stop = await startTableUpkeep({ database: t.database, logger }, { intervalMs: 50, pollMs: 20 });
    try {
      if (!(await lacksAutovacuum(t.database))) {
        // A server whose autovacuum runs keeps its own tables: the upkeep leaves them alone.
        await new Promise((r) => setTimeout(r, 500));
        expect((await probe()).vacuumed).toBe(false);
        return;
      }
      await expect.poll(probe, { timeout: 15_000 }).toEqual({ dead: 0, vacuumed: true, analyzed: true });
      expect((await tablesDue(t.database.db)).map((d) => d.table)).not.toContain('upkeep_probe');
    } finally {
      await stop();
    }
  });

  it('when PGlite is answering requests, then a due pass waits for a quiet moment, and runs anyway once the longest wait is over', async () => {
    if (!(await lacksAutovacuum(t.database))) return; // autovacuum keeps this server's tables (the test above)
    const vacuums = async () => {
      const [row] = await rowsOf<{ n: string }>(t.database.db, sql`SELECT vacuum_count AS n FROM pg_stat_user_tables WHERE relname = 'upkeep_probe'`);
      return Number(row!.n);
    };
    const dueNow = async () => {
      const before = await vacuums();
      await update(400);
      await expect.poll(async () => (await probe()).dead, { timeout: 15_000 }).toBeGreaterThanOrEqual(400);
      return before;
    };

    // Busy, with a long allowed wait: on PGlite nothing is vacuumed until the requests stop.
    let busy = true;
    let before = await dueNow();
    let stop = await startTableUpkeep({ database: t.database, logger }, { intervalMs: 50, pollMs: 20, busy: () => busy, maxDeferMs: 60_000 });
    try {
      await new Promise((r) => setTimeout(r, 500));
      if (t.database.kind === 'pglite') expect(await vacuums()).toBe(before);
      busy = false;
      await expect.poll(vacuums, { timeout: 15_000 }).toBeGreaterThan(before);
    } finally {
      await stop();
    }

    // Busy all along, with a short allowed wait: the pass runs once the wait is over.
    before = await dueNow();
    stop = await startTableUpkeep({ database: t.database, logger }, { intervalMs: 50, pollMs: 20, busy: () => true, maxDeferMs: 300 });
    try {
      await expect.poll(vacuums, { timeout: 15_000 }).toBeGreaterThan(before);
    } finally {
      await stop();
    }
  });
});
