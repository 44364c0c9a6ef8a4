import { createHash } from 'node:crypto';
import { RedisStore } from 'connect-redis';
import type { RequestHandler } from 'express';
import session from 'express-session';
import type { Db } from '../db/client';
import type { RedisClient } from '../redis';
import type { SessionCache } from './session-cache';
import { sessionReader } from './session-read';
import { DbSessionStore, SESSION_TOUCH_INTERVAL_MS } from './session-store';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    /** The token of the sign-out confirm page's form (GET /api/logout from elsewhere). */
    logoutToken?: string;
    /** When the cookie and the stored expiry last moved forward (ms since the epoch; see renewSignedInSession). */
    renewedAt?: number;
    oidc?: { state: string; nonce: string; codeVerifier: string; returnTo: string; reauth?: boolean };
    /** What the member's settings list for the session: the browser and system it signed in from, and when. */
    device?: string;
    signedInAt?: number;
    /** When the member last signed in through the identity provider in this session (confirms a deletion). */
    providerSignInAt?: number;
  }
}

export const SESSION_COOKIE = 'bb.sid';

export type StoredSession = { sid: string; data: Partial<session.SessionData> };

/** The handle a session is known by outside its cookie (settings, realtime rooms): its id is the secret. */
export function sessionHandle(sid: string): string {
  return createHash('sha256').update(sid).digest('base64url').slice(0, 22);
}
const SESSION_COOKIE_PREFIX = `${SESSION_COOKIE}=`;
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionSetup = {
  /** The session for API requests and socket handshakes: loaded only where there is one (sessionWhenNeeded). */
  whenNeeded: RequestHandler;
  store: session.Store;
  /** Destroys every session of one user, in the database table or in Redis, and every instance's copy. */
  destroyUserSessions(userId: string): Promise<void>;
  /** The user's sessions that have not expired, with their stored data. */
  listUserSessions(userId: string): Promise<StoredSession[]>;
  /** Destroys these sessions of the user (ids not theirs are left alone); answers those that were theirs. */
  destroySessions(userId: string, sids: readonly string[]): Promise<string[]>;
  close(): void;
};

/**
 * The Redis store keeps, per user, a set of their session ids (`<prefix>user-sess:<userId>`), so that
 * all of a user's sessions can be destroyed without scanning every key.
 */
class IndexedRedisStore extends RedisStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly keyPrefix: string,
    private readonly indexPrefix: string,
    private readonly cache: SessionCache<session.SessionData>,
  ) {
    super({ client: redis, prefix: keyPrefix });
  }

  /** From this instance's copy for a few seconds (SessionCache), else from Redis. */
  override async get(sid: string, cb?: (err: unknown, sess?: session.SessionData | null) => void) {
    let sess = this.cache.get(sid);
    if (!sess) {
      const started = this.cache.readStarted();
      try {
        sess = ((await super.get(sid)) as session.SessionData | null) ?? undefined;
      } catch (err) {
        return cb?.(err);
      }
      if (sess) this.cache.store(sid, sess, sess.userId, started);
    }
    // A copy: express-session replaces the cookie in place.
    return cb?.(null, sess ? { ...sess, cookie: { ...sess.cookie } } : null);
  }

  override async destroy(sid: string, cb?: (err?: unknown) => void) {
    try {
      await super.destroy(sid);
      await this.cache.drop({ sid });
    } catch (err) {
      return cb?.(err);
    }
    return cb?.();
  }

  private indexKey(userId: string) {
    return `${this.indexPrefix}${userId}`;
  }

  override async set(sid: string, sess: session.SessionData, cb?: (err?: unknown) => void) {
    try {
      if (sess.userId) {
        const key = this.indexKey(sess.userId);
        await this.redis.sAdd(key, sid);
        await this.redis.pExpire(key, THIRTY_DAYS_MS);
      }
      await super.set(sid, sess);
      await this.cache.drop({ sid });
    } catch (err) {
      cb?.(err);
      return;
    }
    cb?.();
  }

  async listUserSessions(userId: string): Promise<StoredSession[]> {
    const sids = await this.redis.sMembers(this.indexKey(userId));
    if (sids.length === 0) return [];
    const values = await this.redis.mGet(sids.map((sid) => `${this.keyPrefix}${sid}`));
    const found: StoredSession[] = [];
    const gone: string[] = [];
    sids.forEach((sid, i) => {
      const data = values[i] ? (JSON.parse(values[i]) as Partial<session.SessionData>) : null;
      if (data?.userId === userId) found.push({ sid, data });
      else gone.push(sid);
    });
    // Sessions that expired or were destroyed one by one leave their ids behind in the index.
    if (gone.length) await this.redis.sRem(this.indexKey(userId), gone);
    return found;
  }

  async destroySessions(userId: string, sids: readonly string[]): Promise<string[]> {
    const own = new Set((await this.listUserSessions(userId)).map((s) => s.sid));
    const ended = sids.filter((sid) => own.has(sid));
    if (ended.length === 0) return [];
    await this.redis.del(ended.map((sid) => `${this.keyPrefix}${sid}`));
    await this.redis.sRem(this.indexKey(userId), ended);
    for (const sid of ended) await this.cache.drop({ sid });
    return ended;
  }

  async destroyUserSessions(userId: string): Promise<void> {
    const key = this.indexKey(userId);
    const sids = await this.redis.sMembers(key);
    if (sids.length) await this.redis.del(sids.map((sid) => `${this.keyPrefix}${sid}`));
    await this.redis.del(key);
    await this.cache.drop({ userId });
  }
}

/** Cookie sessions: HttpOnly, SameSite=Lax, Secure behind HTTPS; stored in Redis when configured. */
export function createSession(opts: {
  db: Db;
  redis: RedisClient | null;
  redisPrefix: string;
  secret: string;
  secure: boolean;
  /** Sessions read from Redis, reused for a few seconds by this instance. */
  cache: SessionCache<unknown>;
}): SessionSetup {
  const dbStore = opts.redis ? null : new DbSessionStore(opts.db);
  const redisStore = opts.redis
    ? new IndexedRedisStore(opts.redis, `${opts.redisPrefix}sess:`, `${opts.redisPrefix}user-sess:`, opts.cache as SessionCache<session.SessionData>)
    : null;
  const store = redisStore ?? dbStore!;
  const middleware = session({
    name: SESSION_COOKIE,
    secret: opts.secret,
    store,
    resave: false,
    saveUninitialized: false,
    // Not on every answer (an HMAC and a header each time): renewSignedInSession moves the 30 days forward.
    rolling: false,
    proxy: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure: opts.secure, maxAge: THIRTY_DAYS_MS, path: '/' },
  });
  return {
    whenNeeded: sessionWhenNeeded({ middleware, store, secret: opts.secret }),
    store,
    destroyUserSessions: (userId) => (redisStore ?? dbStore!).destroyUserSessions(userId),
    listUserSessions: (userId) => (redisStore ?? dbStore!).listUserSessions(userId),
    destroySessions: (userId, sids) => (redisStore ?? dbStore!).destroySessions(userId, sids),
    close: () => dbStore?.close(),
  };
}

/** The routes that start, read or end a session for a request that has none yet: the only ones that write it (with renewal). */
const SESSION_ROUTES = /^\/api\/(auth\/(register|login|logout|reset-password|restore-account)|account\/password|login|callback|logout)$/;

/**
 * The session for requests that carry a session cookie or go to a sign-in route. Any other request has
 * no session to load, and express-session would still make (and throw away) a new one for it, with a
 * random id and a hash, on every anonymous read. A request that leaves its session as it is (all but
 * the session routes and a due renewal) reads it without express-session's hooks (session-read.ts).
 */
function sessionWhenNeeded(setup: { middleware: RequestHandler; store: session.Store; secret: string }): RequestHandler {
  const read = sessionReader({ ...setup, cookieName: SESSION_COOKIE, mayChange: (sess) => renewalDue(sess, Date.now()) });
  return (req, res, next) => {
    // Socket handshakes come as plain requests, without Express's `path`.
    if (req.path !== undefined && SESSION_ROUTES.test(req.path)) return setup.middleware(req, res, next);
    return hasSessionCookie(req) ? read(req, res, next) : next();
  };
}

/** Whether a signed-in session is due for its 30 days to move forward (see renewSignedInSession). */
function renewalDue(sess: Partial<session.SessionData>, now: number): boolean {
  return Boolean(sess.userId) && now - (sess.renewedAt ?? 0) >= SESSION_TOUCH_INTERVAL_MS;
}

/**
 * A signed-in session lasts 30 days from its last use, give or take SESSION_TOUCH_INTERVAL_MS: once
 * that long after its last renewal, a request changes `renewedAt`, so express-session stores the
 * session with a new expiry and sends the cookie again with it. Other answers carry no cookie.
 */
export const renewSignedInSession: RequestHandler = (req, _res, next) => {
  const current = req.session as typeof req.session | undefined;
  const now = Date.now();
  if (current && renewalDue(current, now)) current.renewedAt = now;
  next();
};

/** Whether the request carries a session cookie (valid or not: only the session store can tell). */
export function hasSessionCookie(req: { headers: { cookie?: string } }): boolean {
  return req.headers.cookie?.includes(SESSION_COOKIE_PREFIX) ?? false;
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
