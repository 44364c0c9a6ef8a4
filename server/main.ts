import { ConfigError, loadConfig } from './config';
import { startServer } from './start-server';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const running = await startServer(config);
  const { logger } = running;
  logger.info({ url: running.url, database: running.database.kind }, 'Buildboard is listening');
  console.log(`\n  Buildboard is running at ${config.PUBLIC_URL ?? running.url}`);
  if (running.seeded) {
    console.log('  Demo data loaded. Sign in with any of these (password for all: ' + running.seeded.password + '):');
    for (const account of running.seeded.accounts) console.log(`    ${account.email}${account.isAdmin ? '  (admin)' : ''}`);
  }
  console.log('');

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    running
      .stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
