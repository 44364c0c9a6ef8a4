import type { Database } from '../db/client';
import { lacksAutovacuum, vacuumDueTables } from '../db/vacuum';
import type { Logger } from '../logger';
import { startJobRunner } from './job-runner';

/** How often the tables are checked: autovacuum's own default naptime. */
export const TABLE_UPKEEP_INTERVAL_MS = 60 * 1000;

/**
 * Where no autovacuum runs (PGlite always; a server with autovacuum off), vacuums and analyzes the tables
 * by autovacuum's rule, once across instances. Answers a stop function (resolves once a running pass ends).
 */
export async function startTableUpkeep(
  deps: { database: Pick<Database, 'db' | 'kind'>; logger: Logger },
  opts: { intervalMs?: number; pollMs?: number } = {},
): Promise<() => Promise<void>> {
  if (!(await lacksAutovacuum(deps.database))) return async () => undefined;
  if (deps.database.kind === 'postgres') deps.logger.info('autovacuum is off on this server: Buildboard vacuums its own tables');
  const { db } = deps.database;
  return startJobRunner(
    { db, logger: deps.logger },
    [
      {
        name: 'db:vacuum',
        intervalMs: opts.intervalMs ?? TABLE_UPKEEP_INTERVAL_MS,
        run: async () => {
          const started = Date.now();
          const done = await vacuumDueTables(db);
          if (done.length) deps.logger.debug({ tables: done, ms: Date.now() - started }, 'tables vacuumed');
        },
      },
    ],
    { pollMs: opts.pollMs },
  );
}
