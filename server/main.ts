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
  // Signals are handled before the URL is printed: whoever reads it may stop us right away.
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
  // Libraries fire some commands and forget them (the Socket.IO adapter's session SET and heartbeat
  // PUBLISH): a Redis hiccup there is logged, it must not take the whole instance down.
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  // One write, so whoever reads the URL line has the sign-in lines too.
  const lines = ['', `  Buildboard is running at ${config.PUBLIC_URL ?? running.url}`];
  const { seeded } = running;
  if (seeded) {
    // A restart finds the demo set already there: it says so rather than claiming to load it again.
    const loaded = seeded.loadedNow ? 'Demo data loaded.' : 'Demo accounts from an earlier start.';
    lines.push(`  ${loaded} Sign in with any of these (password for all: ${seeded.password}):`);
    for (const account of seeded.accounts) lines.push(`    ${account.email}${account.isAdmin ? '  (admin)' : ''}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
