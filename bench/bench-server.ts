// The process the benchmark drives: the real server (startServer, every middleware and router) plus,
// in the same process and event loop, a bare Express app with one JSON route as the reference.
// Prints one line `BENCH_READY {"api":..., "bare":...}` once both listen; stops on SIGTERM.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import express from 'express';
import type { Db } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { loadConfig } from '../server/config';
import { startServer } from '../server/start-server';

async function main() {
  const running = await startServer(loadConfig(), { serveWeb: false });
  await startUpJobsDone(running.deps.db);
  // Searches ask PostgreSQL until the instance's search index is loaded (about a minute at 1M projects).
  const indexStarted = Date.now();
  await running.searchIndex?.ready();
  if (running.searchIndex) console.error(`search index loaded in ${((Date.now() - indexStarted) / 1000).toFixed(1)} s`);
  const bare = express();
  const body = { ok: true, name: 'bare', items: [1, 2, 3] };
  bare.get('/bare', (_req, res) => {
    res.json(body);
  });
  const bareServer = createServer(bare);
  await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));
  const { port } = bareServer.address() as AddressInfo;
  console.log(`BENCH_READY ${JSON.stringify({ api: running.url, bare: `http://127.0.0.1:${port}/bare` })}`);
  const stop = () => {
    bareServer.close();
    bareServer.closeAllConnections();
    void running.stop().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/**
 * Waits for the scheduled jobs' first runs (server/jobs): on a freshly generated database they read every
 * project (trending scores, the search lexicon), over ten seconds at 1M, and would slow whichever routes
 * are measured first. Their later runs, every few minutes, are part of what a route meets.
 */
async function startUpJobsDone(db: Db): Promise<void> {
  const started = Date.now();
  for (;;) {
    const [row] = await rowsOf<{ jobs: number; pending: number }>(
      db,
      sql`SELECT count(*)::int AS jobs, count(*) FILTER (WHERE last_finished_at IS NULL OR locked_until IS NOT NULL)::int AS pending FROM scheduled_jobs`,
    );
    if (row && row.jobs > 0 && row.pending === 0) break;
    if (Date.now() - started > 15 * 60_000) throw new Error('the start-up jobs did not finish within 15 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.error(`start-up jobs done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
