// The process the benchmark drives: the real server (startServer, every middleware and router) plus,
// in the same process and event loop, a bare Express app with one JSON route as the reference.
// Prints one line `BENCH_READY {"api":..., "bare":...}` once both listen; stops on SIGTERM.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { loadConfig } from '../server/config';
import { startServer } from '../server/start-server';

async function main() {
  const running = await startServer(loadConfig(), { serveWeb: false });
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

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
