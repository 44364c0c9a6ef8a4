// npm run admin -- grant <email> | revoke <email> | premium <email> <days>: admin rights and premium
// by hand from the command line, against the same database the server uses (DATA_DIR or DATABASE_URL).
import { PublicCache } from '../cache/public-cache';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { EventBus } from '../events/domain-events';
import { createLogger } from '../logger';
import { runAdminCommand } from './admin-command';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
  // With Redis, the running servers hear the command's cache invalidation (a premium badge shows at
  // once); without it, this process shares no cache with them and their reads expire within 30 s.
  // Loaded only when used: the Redis client is most of this command's start-up otherwise.
  const redis = config.REDIS_URL ? await (await import('../redis')).connectRedis(config.REDIS_URL) : null;
  try {
    await database.migrate();
    const cache = new PublicCache({ redis, prefix: config.REDIS_PREFIX, logger, maxBytes: 0 });
    const events = new EventBus(logger);
    const { code, message } = await runAdminCommand({ db: database.db, cache, events }, process.argv.slice(2));
    await events.idle();
    (code === 0 ? console.log : console.error)(message);
    process.exitCode = code;
  } finally {
    await redis?.quit();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exitCode = 1;
});
