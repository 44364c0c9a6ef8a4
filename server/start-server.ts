import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { Config } from './config';
import { createApp } from './app';
import { cacheKeys, PublicCache } from './cache/public-cache';
import { ViewCounter } from './db/view-counter';
import { withViewCount, type ProjectViewRow } from './modules/projects/project-view';
import { openDatabase, type Database } from './db/client';
import { seedDemo } from './seed/seed-demo';
import type { AppDeps } from './deps';
import { EventBus } from './events/domain-events';
import { limiterFactory } from './http/rate-limit';
import { SessionCache } from './http/session-cache';
import { createLogger, type Logger } from './logger';
import { createOidc } from './oidc';
import { startDiscovery } from './modules/discovery/discovery-jobs';
import { LiveSearchIndex } from './modules/discovery/search-index/live-search-index';
import { trendingScoreWithSql } from './modules/discovery/trending-score';
import { startTableUpkeep } from './jobs/table-upkeep';
import { startHeapCompaction } from './jobs/heap-compaction';
import { registerNotificationHandlers } from './modules/notifications/notification-handlers';
import { registerAnalyticsHandlers } from './modules/analytics/analytics-handlers';
import { promoteAdmins } from './modules/users/users.repository';
import { attachRealtime } from './realtime/realtime-server';
import { connectRedis } from './redis';
import { resolveSessionSecret } from './session-secret';
import { localStorageIn } from './storage/file-storage';
import { Outbox } from './jobs/outbox';
import { startJobRunner } from './jobs/job-runner';
import { createMailTransport } from './mail/mail-transport';
import { mailSender } from './mail/mail-queue';
import { AccountTokens } from './security/account-tokens';
import { UnsubscribeTokens } from './security/unsubscribe-tokens';
import { dataExportBuilder } from './modules/account/build-data-export';
import { resetRequestHandler } from './modules/auth/forgot-password';
import { purgeDeletedAccountsJob } from './modules/account/purge-deleted-accounts';
import { accountUpkeepJob } from './modules/account/account-upkeep';
import { dailyDigestJob } from './modules/notifications/daily-digest';

export type RunningServer = {
  url: string;
  port: number;
  server: Server;
  deps: AppDeps;
  database: Database;
  logger: Logger;
  seeded: Awaited<ReturnType<typeof seedDemo>> | null;
  /** The instance's search index (SEARCH_INDEX=worker or memory), loading in the background. */
  searchIndex: LiveSearchIndex | null;
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
    opts.database ?? openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
  await database.migrate();
  await promoteAdmins(database.db, config.adminEmails);
  const seeded = config.SEED_DEMO ? await seedDemo(database.db) : null;

  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL) : null;
  const cache = new PublicCache({ redis, prefix: config.REDIS_PREFIX, logger, maxBytes: config.READ_CACHE_MB * 1024 * 1024 });
  await cache.start();
  const sessions = new SessionCache<unknown>({ redis, prefix: config.REDIS_PREFIX, logger });
  await sessions.start();
  // A cached project page follows its stored view count (the answer adds the views not stored yet);
  // the authors' cached analytics go.
  const views = new ViewCounter(database.db, {
    logger,
    scoreWith: (nextViewCount) => trendingScoreWithSql('view_count', nextViewCount),
    onStored: (stored) => {
      for (const { projectId, viewCount } of stored) {
        cache.update<ProjectViewRow | null>(cacheKeys.project(projectId), (row) => (row && row.viewCount < viewCount ? withViewCount(row, viewCount) : row));
      }
      cache.invalidate({ members: [...new Set(stored.map((s) => s.authorId))] });
    },
  });
  const sessionSecret = resolveSessionSecret(config.SESSION_SECRET, config.DATA_DIR);
  const tokens = AccountTokens.fromSessionSecret(sessionSecret);
  const unsubscribes = UnsubscribeTokens.fromSessionSecret(sessionSecret);
  const outbox = new Outbox(database.db, logger, { leaseMs: config.OUTBOX_LEASE_MS });
  // Known once the server listens (PORT=0 in tests); PUBLIC_URL wins when set.
  let ownUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const deps: AppDeps = {
    config,
    db: database.db,
    logger,
    redis,
    limiter: limiterFactory(redis, config.REDIS_PREFIX),
    oidc: config.oidc ? createOidc(config.oidc) : null,
    events: new EventBus(logger, database.db),
    storage: localStorageIn(config.DATA_DIR),
    cache,
    sessions,
    views,
    outbox,
    tokens,
    unsubscribes,
    siteUrl: () => ownUrl.replace(/\/$/, ''),
  };
  const mail = createMailTransport({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  outbox.register(
    mailSender({
      transport: mail,
      linkUrl: (link) => `${deps.siteUrl()}${link.path}${link.tokenId ? `?token=${encodeURIComponent(tokens.tokenOf(link.tokenId))}` : ''}`,
      messageIdDomain: /@([\w.-]+)/.exec(config.MAIL_FROM)?.[1] ?? 'buildboard.local',
      unsubscribeUrl: (u) => `${deps.siteUrl()}/api/unsubscribe?token=${encodeURIComponent(unsubscribes.tokenOf(u.userId, u.kind))}`,
    }),
  );
  outbox.register(dataExportBuilder(deps));
  outbox.register(resetRequestHandler(deps));
  // Likes, comments, ratings, shares and follows: their side effects come from rows written with them.
  deps.events.bindOutbox(outbox);
  const searchIndex = config.SEARCH_INDEX === 'database' ? null : new LiveSearchIndex(database.db, logger, { thread: config.SEARCH_INDEX === 'worker' ? 'worker' : 'main' });
  registerNotificationHandlers(deps);
  registerAnalyticsHandlers(deps);
  // The demo community's activity becomes notifications through the same handlers as live activity.
  for (const event of seeded?.events ?? []) await deps.events.emitEvent(event);
  await deps.events.idle();
  const stopDiscovery = startDiscovery(deps);
  // Loads in the background; searches ask PostgreSQL until it is ready.
  searchIndex?.start();
  let draining = false;
  const { app, session } = createApp(deps, {
    sessionSecret,
    ping: database.ping,
    draining: () => draining,
    serveWeb: opts.serveWeb ?? config.NODE_ENV === 'production',
    searchIndex,
  });

  const server = createServer(app);
  const inFlight = trackRequests(server);
  const stopUpkeep = await startTableUpkeep({ database, logger }, { busy: () => inFlight.busy() });
  const stopHeapCompaction = startHeapCompaction({ minGrowthMb: config.HEAP_COMPACT_GROWTH_MB, logger });
  const realtime = await attachRealtime({
    httpServer: server,
    session: session.whenNeeded,
    db: database.db,
    redis,
    redisPrefix: config.REDIS_PREFIX,
    allowedOrigin: config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined,
    onError: (err) => logger.error({ err }, 'socket handshake failed'),
  });
  deps.events.on('notification:created', ({ userId, notification }) => realtime.pushNotification(userId, notification));
  deps.events.on('user:access-revoked', ({ userId }) => realtime.disconnectUser(userId));
  deps.events.on('sessions:ended', ({ handles }) => realtime.disconnectSessions(handles));
  deps.events.on('sync:changed', ({ userId, collection }) => realtime.signalSync(userId, collection));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  if (!config.PUBLIC_URL) ownUrl = `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`;
  outbox.start();
  const stopAccountJobs = startJobRunner(deps, [purgeDeletedAccountsJob(deps), accountUpkeepJob(deps), dailyDigestJob(deps)]);

  let stopping: Promise<void> | null = null;
  /**
   * Graceful drain (docs/deployment.md): /api/health answers 503 first and the instance keeps serving for
   * SHUTDOWN_DRAIN_DELAY_MS while the balancer's checks notice; then it stops accepting connections,
   * finishes the requests in flight (up to SHUTDOWN_TIMEOUT_MS), and only then closes its sockets, at the
   * transport level, so clients reconnect through the balancer to another instance and recover there.
   */
  const stop = () =>
    (stopping ??= (async () => {
      draining = true;
      // Every answer still to be written says Connection: close, so keep-alive clients (a balancer's)
      // reconnect elsewhere instead of reusing a connection that is about to close and losing a request.
      inFlight.closeConnectionsAfterAnswers();
      if (config.SHUTDOWN_DRAIN_DELAY_MS > 0) await delay(config.SHUTDOWN_DRAIN_DELAY_MS);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
      await inFlight.settled(config.SHUTDOWN_TIMEOUT_MS);
      // The answered writes' side effects (notifications and their pushes, scores) run before the sockets
      // close, for as long as the shutdown allows; what is left stays in the outbox for the next instance.
      await Promise.race([deps.events.idle(), delay(config.SHUTDOWN_TIMEOUT_MS)]);
      await stopAccountJobs();
      await outbox.stop();
      mail.close();
      await realtime.close();
      server.closeIdleConnections();
      await closed;
      clearTimeout(timer);
      stopDiscovery();
      searchIndex?.stop();
      stopHeapCompaction();
      await stopUpkeep();
      // After the last answer: the views it noted are written before the database closes.
      await views.flush();
      session.close();
      await cache.close();
      await sessions.close();
      if (redis) await redis.quit().catch(() => undefined);
      if (!opts.database) await database.close();
    })());

  return { url: `http://${host}:${port}`, port, server, deps, database, logger, seeded, searchIndex, stop };
}

/** How long after its last answer the server counts as quiet (background work on its thread may run). */
const QUIET_MS = 1000;

/** Counts the HTTP requests being answered (Socket.IO's long-polls excepted: closing sockets ends them). */
function trackRequests(server: Server) {
  const active = new Set<ServerResponse>();
  let lastAnsweredAt = 0;
  let closing = false;
  let onIdle: (() => void) | null = null;
  // First in line, so the header is set before any handler may have answered.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/socket.io/')) return;
    // Once closing, keep-alive connections (a balancer's) end after their current answer.
    if (closing && !res.headersSent) res.setHeader('connection', 'close');
    active.add(res);
    res.once('close', () => {
      active.delete(res);
      lastAnsweredAt = Date.now();
      if (active.size === 0) onIdle?.();
    });
  });
  return {
    /** Whether requests are being answered, or were within QUIET_MS (a client between two). */
    busy: (): boolean => active.size > 0 || Date.now() - lastAnsweredAt < QUIET_MS,
    /** From now on every answer, those being prepared included, closes its connection. */
    closeConnectionsAfterAnswers(): void {
      closing = true;
      for (const res of active) if (!res.headersSent) res.setHeader('connection', 'close');
    },
    /** Resolves once no request is in flight, or after timeoutMs; answers from now on close their connection. */
    settled(timeoutMs: number): Promise<void> {
      closing = true;
      if (active.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        onIdle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
}
