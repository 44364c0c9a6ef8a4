import type { PublicCache } from './cache/public-cache';
import type { Config } from './config';
import type { Db } from './db/client';
import type { EventBus } from './events/domain-events';
import type { LimiterFactory } from './http/rate-limit';
import type { SessionCache } from './http/session-cache';
import type { Logger } from './logger';
import type { ViewCounter } from './db/view-counter';
import type { Outbox } from './jobs/outbox';
import type { AccountTokens } from './security/account-tokens';
import type { UnsubscribeTokens } from './security/unsubscribe-tokens';
import type { Oidc } from './oidc';
import type { RedisClient } from './redis';
import type { FileStorage } from './storage/file-storage';

/** What routes and use cases may use; built once in start-server.ts (the test harness starts it too). */
export type AppDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  redis: RedisClient | null;
  limiter: LimiterFactory;
  oidc: Oidc | null;
  events: EventBus;
  storage: FileStorage;
  /** Public reads (trending, project pages); call cache.invalidate() after writes outside the HTTP API. */
  cache: PublicCache;
  /** Sessions read from Redis, reused for a few seconds; dropped on every instance by logout and suspension. */
  sessions: SessionCache<unknown>;
  /** Project views, counted in memory and written in batches (flush() before reading the table). */
  views: ViewCounter;
  /** Work queued in a write's transaction (mails, exports); nudge() after the commit hands it over at once. */
  outbox: Outbox;
  /** The links sent by mail: single-use tokens, stored hashed. */
  tokens: AccountTokens;
  /** The signed one-click unsubscribe links of notification mails. */
  unsubscribes: UnsubscribeTokens;
  /** The site's address for links in mails: PUBLIC_URL, else this instance's own. */
  siteUrl(): string;
};
