import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { EventBus } from '../../events/domain-events';
import { createLogger } from '../../logger';
import { discoveryKit } from '../../test/discovery-kit';
import { startTestServer, type TestServer } from '../../test/harness';
import { findWordCorrections } from './discovery.repository';
import { rescoreEndedPremiumJob, startDiscovery } from './discovery-jobs';

let t: TestServer;
let kit: ReturnType<typeof discoveryKit>;
beforeAll(async () => {
  t = await startTestServer();
  kit = discoveryKit(t.database.db, t.deps.cache);
}, 60_000);
afterAll(() => t.close(), 60_000);

describe('discovery jobs', () => {
  it('when a project and a comment are written in SQL alone (no event), then the daily pass gives their words to typo correction', async () => {
    const author = await t.signUp();
    const p = await kit.project(author.user.id, { title: 'Quixotrellis engine', description: 'A renderer' });
    await kit.comment(author.user.id, p.id, 'Works with flumbergast shaders');
    expect(await findWordCorrections(t.database.db, ['quixotrelis', 'flumbergas'])).toEqual(new Map());
    // The 5-minute job ran a moment ago (on some instance): only the daily pass is due.
    await t.database.db.execute(sql`
      INSERT INTO scheduled_jobs (name, last_started_at, last_succeeded_started_at, last_finished_at) VALUES ('discovery:refresh', now(), now(), now())
      ON CONFLICT (name) DO UPDATE SET last_started_at = now(), last_succeeded_started_at = now(), last_finished_at = now()`);

    const stop = startDiscovery({ db: t.database.db, events: new EventBus(createLogger('silent')), logger: createLogger('silent') }, { rescoreAllIntervalMs: 50 });
    try {
      await expect
        .poll(async () => Object.fromEntries([...(await findWordCorrections(t.database.db, ['quixotrelis', 'flumbergas']))].map(([w, c]) => [w, c[0]])), { timeout: 5000 })
        .toEqual({ quixotrelis: 'quixotrellis', flumbergas: 'flumbergast' });
    } finally {
      stop();
    }
  });

  // Whole-table reads only show at scale (1.4 s a run at 1M projects): counted in the job's own
  // transaction, with sequential scans off so that a small test table is read through its indexes
  // whenever the statement allows it. PostgreSQL's per-transaction table statistics; PGlite runs the
  // same statements in every other test.
  it.skipIf(process.env.TEST_DB !== 'postgres')('when the 5-minute job runs, then it reads no project and no comment table whole', async () => {
    // A premium that ended by time since the last run: the job has a project to rescore.
    const lapsed = await t.signUp();
    await kit.premium(lapsed.user.id, new Date(Date.now() + 3_600_000));
    const p = await kit.project(lapsed.user.id);
    await kit.comment(lapsed.user.id, p.id, 'A comment to read');
    await kit.refresh();
    await kit.premium(lapsed.user.id, new Date(Date.now() - 1000));

    // The view counts what the connection has not reported yet, earlier transactions included: the
    // job's share is the difference (nothing is reported while a transaction runs).
    const scanned = await t.database.db.transaction(async (tx) => {
      const seqScans = async () =>
        Object.fromEntries(
          (
            await rowsOf<{ relname: string; seq_scan: number }>(
              tx,
              sql`SELECT relname, seq_scan::int AS seq_scan FROM pg_stat_xact_user_tables WHERE relname IN ('projects', 'comments')`,
            )
          ).map((r) => [r.relname, r.seq_scan]),
        );
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const before = await seqScans();
      const ended = await rescoreEndedPremiumJob(tx, { since: new Date(Date.now() - 60_000), started: new Date() });
      expect(ended).toBe(1);
      const after = await seqScans();
      return Object.keys(after).filter((table) => after[table]! > (before[table] ?? 0));
    });
    expect(scanned).toEqual([]);
  });
});
