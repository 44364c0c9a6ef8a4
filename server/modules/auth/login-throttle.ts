import type { RedisClient } from '../../redis';

/**
 * Sign-in throttling, keyed by account AND client address together, so that a
 * stranger's wrong passwords slow down only the stranger: the owner, signing in from their own address,
 * is never locked out. Only failures count; a success clears the key.
 *
 * The first `freeFailures` failures (LOGIN_RATE_LIMIT) within the window cost nothing; after that each
 * attempt must wait a growing delay since the last failure: 1 s, 2 s, 4 s ... capped at the window.
 * A key forgets its failures once a whole window passes without one.
 */
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000;

export type FailureRecord = { failures: number; lastFailureAt: number };

/** Milliseconds still to wait before the next attempt is heard, 0 when it may go ahead now. */
export function throttleWaitMs(record: FailureRecord | null, freeFailures: number, now: number): number {
  if (!record || record.failures < freeFailures) return 0;
  const delay = Math.min(1000 * 2 ** (record.failures - freeFailures), LOGIN_THROTTLE_WINDOW_MS);
  return Math.max(0, record.lastFailureAt + delay - now);
}

export type ThrottleStore = {
  get(key: string): Promise<FailureRecord | null>;
  fail(key: string, now: number): Promise<void>;
  clear(key: string): Promise<void>;
};

/** Failures in Redis when REDIS_URL is set (shared by instances, kept across restarts). */
export function redisThrottleStore(redis: RedisClient, prefix: string): ThrottleStore {
  const k = (key: string) => `${prefix}login-fail:${key}`;
  return {
    async get(key) {
      const h = await redis.hGetAll(k(key));
      if (!h.failures) return null;
      return { failures: Number(h.failures), lastFailureAt: Number(h.last) };
    },
    async fail(key, now) {
      await redis.multi().hIncrBy(k(key), 'failures', 1).hSet(k(key), 'last', String(now)).pExpire(k(key), LOGIN_THROTTLE_WINDOW_MS).exec();
    },
    async clear(key) {
      await redis.del(k(key));
    },
  };
}

/** Failures in memory (one instance), at most `maxKeys` keys: the oldest are forgotten first. */
export function memoryThrottleStore(maxKeys = 50_000): ThrottleStore {
  const map = new Map<string, FailureRecord>();
  return {
    async get(key) {
      const r = map.get(key);
      if (r && Date.now() - r.lastFailureAt > LOGIN_THROTTLE_WINDOW_MS) {
        map.delete(key);
        return null;
      }
      return r ?? null;
    },
    async fail(key, now) {
      const r = await this.get(key);
      map.delete(key);
      map.set(key, { failures: (r?.failures ?? 0) + 1, lastFailureAt: now });
      if (map.size > maxKeys) map.delete(map.keys().next().value!);
    },
    async clear(key) {
      map.delete(key);
    },
  };
}

/** The throttle key of one account tried from one client address. */
export function throttleKey(email: unknown, ip: string | undefined): string {
  const account = String(email ?? '').trim().toLowerCase().slice(0, 254);
  return `${account}|${ip ?? ''}`;
}
