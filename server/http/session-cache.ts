import type { Logger } from '../logger';
import { subscribeJson, type RedisClient } from '../redis';

/**
 * How long a session read from Redis is reused by this instance. Logout, a session's change and a
 * suspension drop it at once on every instance (drop()). The session alone: its user is still read on
 * every request (http/auth.ts), so a role, a suspension or premium changed in the database applies at once.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** At most this many (under 1 kB each): the oldest go first; the TTL keeps only recent ones useful. */
const MAX_SESSIONS = 10_000;

/** Which cached sessions a change makes stale: one session, or every session of one user. */
export type SessionDrop = { sid: string } | { userId: string };

type Entry<T> = { value: T; userId: string | undefined; expires: number };

/**
 * Sessions as last read from Redis, keyed by session id (express-session has checked the cookie's
 * signature before it asks the store): a signed-in request costs no Redis round trip for its session.
 * Every drop is published before the write that caused it answers, so that all instances drop their copy.
 */
export class SessionCache<T> {
  private entries = new Map<string, Entry<T>>();
  private byUser = new Map<string, Set<string>>();
  /** Moves on every drop: a read begun before one is not stored (it may predate a logout). */
  private version = 0;
  private subscriber: RedisClient | null = null;
  private readonly channel: string;
  private readonly ttlMs: number;

  constructor(private readonly opts: { redis: RedisClient | null; prefix: string; logger?: Logger; ttlMs?: number }) {
    this.channel = `${opts.prefix}session:drop`;
    this.ttlMs = opts.ttlMs ?? SESSION_CACHE_TTL_MS;
  }

  /** Listens for other instances' drops (Redis only). */
  async start(): Promise<void> {
    if (!this.opts.redis) return;
    this.subscriber = await subscribeJson<SessionDrop>(this.opts.redis, this.channel, (scope) => this.dropHere(scope), () => this.clearHere());
  }

  get(sid: string): T | undefined {
    const hit = this.entries.get(sid);
    if (!hit) return undefined;
    if (hit.expires > Date.now()) return hit.value;
    this.remove(sid);
    return undefined;
  }

  /** A token to pass to store(): taken before the store is read. */
  readStarted(): number {
    return this.version;
  }

  /** Keeps a session read from the store, unless a drop came since the read began. */
  store(sid: string, value: T, userId: string | undefined, readStarted: number): void {
    if (readStarted !== this.version) return;
    this.remove(sid);
    if (this.entries.size >= MAX_SESSIONS) this.remove(this.entries.keys().next().value!);
    this.entries.set(sid, { value, userId, expires: Date.now() + this.ttlMs });
    if (userId) {
      const sids = this.byUser.get(userId);
      if (sids) sids.add(sid);
      else this.byUser.set(userId, new Set([sid]));
    }
  }

  /** Drops here and, with Redis, on every other instance (published before it resolves). */
  async drop(scope: SessionDrop): Promise<void> {
    this.dropHere(scope);
    if (!this.opts.redis) return;
    await this.opts.redis.publish(this.channel, JSON.stringify(scope)).catch((err: unknown) => {
      this.opts.logger?.warn({ err }, 'session drop not published');
    });
  }

  /** Drops every session here only (a drop message this instance could not read). */
  clearHere(): void {
    this.version++;
    this.entries.clear();
    this.byUser.clear();
  }

  private dropHere(scope: SessionDrop): void {
    this.version++;
    if ('sid' in scope) this.remove(scope.sid);
    else for (const sid of [...(this.byUser.get(scope.userId) ?? [])]) this.remove(sid);
  }

  private remove(sid: string): void {
    const entry = this.entries.get(sid);
    if (!entry) return;
    this.entries.delete(sid);
    if (!entry.userId) return;
    const sids = this.byUser.get(entry.userId);
    sids?.delete(sid);
    if (sids?.size === 0) this.byUser.delete(entry.userId);
  }

  get size(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    if (this.subscriber) await this.subscriber.quit().catch(() => undefined);
    this.subscriber = null;
  }
}
