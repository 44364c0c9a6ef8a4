import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config';
import { createApp } from './app';
import { openDatabase, type Database } from './db/client';
import { seedDemo } from './db/seed/seed-demo';
import type { AppDeps } from './deps';
import { EventBus } from './events/domain-events';
import { limiterFactory } from './http/rate-limit';
import { createLogger, type Logger } from './logger';
import { createOidc } from './modules/auth/oidc';
import { startDiscovery } from './modules/discovery/discovery-jobs';
import { registerNotificationHandlers } from './modules/notifications/notification-handlers';
import { promoteAdmins } from './modules/users/users.repository';
import { attachRealtime } from './realtime/realtime-server';
import { connectRedis } from './redis';
import { resolveSessionSecret } from './session-secret';
import { localStorageIn } from './storage/file-storage';

export type RunningServer = {
  url: string;
  port: number;
  server: Server;
  deps: AppDeps;
  database: Database;
  logger: Logger;
  seeded: Awaited<ReturnType<typeof seedDemo>> | null;
  /** Stops accepting connections, lets in-flight requests finish (up to the timeout), closes the stores. */
  stop(): Promise<void>;
};

export type StartOptions = {
  /** Use this database instead of opening one from the config (tests). */
  database?: Database;
  serveWeb?: boolean;
  logger?: Logger;
};

/** The composition root: opens the stores, migrates, seeds, builds the app and listens. */
export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  const logger = opts.logger ?? createLogger(config.LOG_LEVEL);
  const database =
    opts.database ?? openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  await promoteAdmins(database.db, config.adminEmails);
  const seeded = config.SEED_DEMO ? await seedDemo(database.db) : null;

  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL) : null;
  const deps: AppDeps = {
    config,
    db: database.db,
    logger,
    redis,
    limiter: limiterFactory(redis, config.REDIS_PREFIX),
    oidc: config.oidc ? createOidc(config.oidc) : null,
    events: new EventBus(logger),
    storage: localStorageIn(config.DATA_DIR),
  };
  registerNotificationHandlers(deps);
  // The demo community's activity becomes notifications through the same handlers as live activity.
  for (const event of seeded?.events ?? []) await deps.events.emitEvent(event);
  const stopDiscovery = startDiscovery(deps);
  const { app, session } = createApp(deps, {
    sessionSecret: resolveSessionSecret(config.SESSION_SECRET, config.DATA_DIR),
    ping: database.ping,
    serveWeb: opts.serveWeb ?? config.NODE_ENV === 'production',
  });

  const server = createServer(app);
  const realtime = await attachRealtime({
    httpServer: server,
    session: session.middleware,
    db: database.db,
    redis,
    redisPrefix: config.REDIS_PREFIX,
    allowedOrigin: config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined,
  });
  deps.events.on('notification:created', ({ userId, notification }) => realtime.pushNotification(userId, notification));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await realtime.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
      await closed;
      clearTimeout(timer);
      stopDiscovery();
      session.close();
      if (redis) await redis.quit().catch(() => undefined);
      if (!opts.database) await database.close();
    })());

  return { url: `http://${host}:${port}`, port, server, deps, database, logger, seeded, stop };
}
