import { RedisStore } from 'connect-redis';
import session from 'express-session';
import type { Db } from '../db/client';
import type { RedisClient } from '../redis';
import { DbSessionStore } from './session-store';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    oidc?: { state: string; nonce: string; codeVerifier: string; returnTo: string };
  }
}

export const SESSION_COOKIE = 'bb.sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionSetup = { middleware: ReturnType<typeof session>; store: session.Store; close(): void };

/** Cookie sessions: HttpOnly, SameSite=Lax, Secure behind HTTPS; stored in Redis when configured. */
export function createSession(opts: {
  db: Db;
  redis: RedisClient | null;
  redisPrefix: string;
  secret: string;
  secure: boolean;
}): SessionSetup {
  const dbStore = opts.redis ? null : new DbSessionStore(opts.db);
  const store = opts.redis ? new RedisStore({ client: opts.redis, prefix: `${opts.redisPrefix}sess:` }) : dbStore!;
  const middleware = session({
    name: SESSION_COOKIE,
    secret: opts.secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure: opts.secure, maxAge: THIRTY_DAYS_MS, path: '/' },
  });
  return { middleware, store, close: () => dbStore?.close() };
}

/** Promisified helpers: a new session id at login (no fixation), and destruction at logout. */
export function regenerateSession(req: Express.Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
}

export function saveSession(req: Express.Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

export function destroySession(req: Express.Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
}
