import type { Database } from '../db/client';
import { lacksAutovacuum, vacuumDueTables } from '../db/vacuum';
import type { Logger } from '../logger';
import { startJobRunner } from './job-runner';

/** How often the tables are checked: autovacuum's own default naptime. */
export const TABLE_UPKEEP_INTERVAL_MS = 60 * 1000;

/**
 * On PGlite a vacuum runs on the server's only thread (about 150 ms for the projects of a 10k database),
 * so a pass waits for a moment without requests, this long at most after the last one.
 */
export const PGLITE_UPKEEP_MAX_DEFER_MS = 10 * 60 * 1000;

/**
 * Where no autovacuum runs (PGlite always; a server with autovacuum off), vacuums and analyzes the tables
 * by autovacuum's rule, once across instances. On PGlite a pass is skipped while `busy()` (requests are
 * being answered), up to PGLITE_UPKEEP_MAX_DEFER_MS since the last pass. Answers a stop function
 * (resolves once a running pass ends).
 */
export async function startTableUpkeep(
  deps: { database: Pick<Database, 'db' | 'kind'>; logger: Logger },
  opts: { intervalMs?: number; pollMs?: number; busy?: () => boolean; maxDeferMs?: number } = {},
): Promise<() => Promise<void>> {
  if (!(await lacksAutovacuum(deps.database))) return async () => undefined;
  if (deps.database.kind === 'postgres') deps.logger.info('autovacuum is off on this server: Buildboard vacuums its own tables');
  const { db } = deps.database;
  // A server's vacuum runs in a backend of its own; PGlite's would hold the requests' thread.
  const busy = deps.database.kind === 'pglite' ? opts.busy : undefined;
  const maxDeferMs = opts.maxDeferMs ?? PGLITE_UPKEEP_MAX_DEFER_MS;
  let lastPassAt = Date.now();
  return startJobRunner(
    { db, logger: deps.logger },
    [
      {
        name: 'db:vacuum',
        intervalMs: opts.intervalMs ?? TABLE_UPKEEP_INTERVAL_MS,
        run: async () => {
          const started = Date.now();
          if (busy?.() && started - lastPassAt < maxDeferMs) return;
          lastPassAt = started;
          const done = await vacuumDueTables(db);
          if (done.length) deps.logger.debug({ tables: done, ms: Date.now() - started }, 'tables vacuumed');
        },
      },
    ],
    { pollMs: opts.pollMs },
  );
}
