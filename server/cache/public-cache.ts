import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import { COMPRESS_FROM_BYTES } from '../http/compress-answers';
import type { Logger } from '../logger';
import { subscribeJson, type RedisClient } from '../redis';

/**
 * What a write makes stale: one project (its page, the lists showing it and trending, plus the feeds
 * following the member who wrote, whose shares they list), one project's counters only (a like, an
 * unlike, a comment: its page and the answers that show it, trending only when it is on it), trending,
 * every cached read, or some members' own reads (their feed, recommended pages, notifications and
 * analytics: a notification came, they read one, their recommendations were ranked again, their
 * projects were viewed or acted on).
 */
export type InvalidationScope =
  | { projectId: number; actor?: string }
  | { counters: number }
  | { trending: true }
  | { all: true }
  | { members: string[] };

/** How long a cached read may be served without a write invalidating it (also bounds a lost Redis message). */
export const PUBLIC_CACHE_TTL_MS = {
  trending: 10_000,
  project: 30_000,
  profile: 30_000,
  blog: 60_000,
  following: 30_000,
  recommended: 30_000,
  notifications: 30_000,
  analytics: 30_000,
} as const;
const MAX_ENTRIES = 20_000;
/** What an entry without a size of its own is counted as (a row of a profile or a project). */
const DEFAULT_ENTRY_BYTES = 2048;

/** How a read is kept: its lifetime, and what it depends on besides its own key. */
export type ReadOptions<T> = {
  ttlMs: number;
  /** The projects the value lists, so that a write to any of them drops it. */
  shows?: (value: T) => Iterable<number>;
  /** The members whose project writes (a share) drop it: the people a following feed follows. */
  follows?: (value: T) => Iterable<string>;
  /** Its size in memory, when more than a row's. */
  bytes?: (value: T) => number;
  /** The member whose own read it is, dropped with `{ members }`. */
  owner?: string;
};

/** A JSON answer as loaded for readJson: the answer, and the projects and followed members it depends on. */
export type JsonRead = { json: CachedJson; shows?: readonly number[]; follows?: readonly string[] };

type Entry = { value: unknown; expires: number; bytes: number; shows: number[]; follows: string[]; owner: string | undefined };
type Load = { promise: Promise<unknown>; owner: string | undefined };

export const cacheKeys = {
  trending: 'trending',
  project: (id: number) => `project:${id}`,
  /** A users row by the route's handle or id (both case-insensitive). */
  profile: (handleOrId: string) => `profile:${handleOrId.toLowerCase()}`,
  /** A profile's project list, as its JSON answer. */
  userProjects: (authorId: string) => `user-projects:${authorId}`,
  blogList: (limit: number, offset: number) => `blog:list:${limit}:${offset}`,
  blogPost: (slug: string) => `blog:post:${slug}`,
  /** A member's following feed, as its JSON answer. */
  following: (memberId: string) => `following:${memberId}`,
  /** A page of a member's recommendations, as its JSON answer. */
  recommended: (memberId: string, page: { offset: number; limit: number }) => `recommended:${memberId}:${page.offset}:${page.limit}`,
  /** A member's notifications, as their JSON answer. */
  notifications: (memberId: string) => `notifications:${memberId}`,
  /** A creator's analytics of one range (and project) on one UTC day, as its JSON answer. */
  analytics: (memberId: string, day: string, range: string, projectId: number | null) => `analytics:${memberId}:${day}:${range}:${projectId ?? ''}`,
  /** A shared page's link preview ('project:12', 'profile:<handle>', 'blog:<slug>'). */
  linkPreview: (page: string) => `preview:${page.toLowerCase()}`,
  /** A project's embed card. */
  embedCard: (projectId: number) => `embed:project:${projectId}`,
  /** A generated card image ('project:12', 'site'), as PNG bytes. */
  cardImage: (name: string) => `card-image:${name}`,
  /** A feed ('blog', 'creator:<handle>'). */
  feed: (name: string) => `feed:${name.toLowerCase()}`,
} as const;

/** A JSON answer serialised once, with its strong ETag; compressed on first demand per encoding (encodedCopy). */
export type CachedJson = { body: Buffer; etag: string; encoded: Partial<Record<Encoding, EncodedCopy>> };
type Encoding = 'br' | 'gzip';
/** A compressed copy of a cached answer and how often it was sent. */
type EncodedCopy = { bytes: Buffer; sends: number };

export function toCachedJson(value: unknown): CachedJson {
  return cachedJsonOfText(JSON.stringify(value));
}

/** A JSON answer the database already wrote as text. */
export function cachedJsonOfText(json: string): CachedJson {
  const body = Buffer.from(json);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, encoded: {} };
}

/**
 * The memory a cached answer takes: its bytes and, once asked for, its two compressed copies (JSON
 * compresses to under 30% each at the quick setting: brotli 1, 4.8 of 17 kB). A following feed of 50
 * cards is ~35 kB.
 */
export function cachedJsonBytes(cached: CachedJson): number {
  return Math.ceil(cached.body.length * 1.6);
}

/**
 * Compression settings: fast for an answer's first copy, smaller once it has been sent often. Most
 * cached answers are read by one member a few times (a search, their feed, a recommended page); on a
 * 17 kB list brotli at quality 1 took 85 µs for 4.8 kB, at quality 5 544 µs for 3.9 kB. An answer
 * many read (trending, a popular project) is worth the smaller copy.
 */
const QUALITY = { quick: { br: 1, gzip: 1 }, small: { br: 5, gzip: 6 } } as const;
/** Sends of the quick copy after which the answer is compressed again, smaller. */
export const RECOMPRESS_AFTER_SENDS = 20;

function encode(body: Buffer, encoding: Encoding, quality: keyof typeof QUALITY): Buffer {
  const level = QUALITY[quality][encoding];
  return encoding === 'br' ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: level, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }) : gzipSync(body, { level });
}

/** The compressed copy to send now: made quickly on first use, and again smaller once sent often. */
function encodedCopy(cached: CachedJson, encoding: Encoding): Buffer {
  const copy = (cached.encoded[encoding] ??= { bytes: encode(cached.body, encoding, 'quick'), sends: 0 });
  if (++copy.sends === RECOMPRESS_AFTER_SENDS) copy.bytes = encode(cached.body, encoding, 'small');
  return copy.bytes;
}

/** At most this many Accept-Encoding values are remembered (the header is the client's to write). */
const MAX_NEGOTIATED = 64;
const negotiated = new Map<string, Encoding | null>();

/**
 * The encoding to send a cached answer in: brotli whenever accepted (browsers list it last but it is
 * the smaller), else gzip, else none. Worked out once per distinct header: browsers send a handful.
 */
function encodingFor(req: Request): Encoding | null {
  const header = req.headers['accept-encoding'];
  if (!header) return null;
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : null;
    if (negotiated.size < MAX_NEGOTIATED) negotiated.set(header, encoding);
  }
  return encoding;
}

/**
 * Sends a cached JSON answer, or 304 when the client's copy (If-None-Match) is current. The bytes are
 * written as they are stored: no serialising, no compressing per request.
 */
export function sendCachedJson(res: Response, cached: CachedJson, cacheControl: string): void {
  const req = res.req;
  res.setHeader('ETag', cached.etag);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  let payload = cached.body;
  const encoding = payload.length >= COMPRESS_FROM_BYTES ? encodingFor(req) : null;
  if (encoding) {
    payload = encodedCopy(cached, encoding);
    res.setHeader('Content-Encoding', encoding);
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', payload.length);
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/**
 * In-process cache of public reads (trending, project pages, profiles and their project lists, the
 * blog) and of members' own reads (following feed, recommended pages, notifications, analytics). Every
 * write invalidates what it makes stale before its answer leaves (see invalidateAfterWrites; what moves
 * after the answer drops itself, with `{ members }`), and, with Redis, publishes the
 * invalidation so every instance drops its copy; the TTLs bound staleness if a message is lost.
 * A load that started before an invalidation is not stored, and concurrent misses share one load.
 */
export class PublicCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  /** Which stored keys show a project besides its page and trending (a profile's list, a feed). */
  private keysShowing = new Map<number, Set<string>>();
  /** Which stored keys a member's project writes make stale (the feeds of their followers). */
  private keysFollowing = new Map<string, Set<string>>();
  /** Which stored keys are a member's own reads. */
  private keysOwned = new Map<string, Set<string>>();
  /** Loads under way; a drop removes those it makes stale, so that they are not stored. */
  private loading = new Map<string, Load>();
  private subscriber: RedisClient | null = null;
  private readonly channel: string;
  private dropListeners: ((scope: InvalidationScope) => void)[] = [];

  /** `maxBytes` bounds the stored answers (READ_CACHE_MB); the oldest stored go first. */
  constructor(private readonly opts: { redis: RedisClient | null; prefix: string; logger?: Logger; maxBytes: number }) {
    this.channel = `${opts.prefix}cache:invalidate`;
  }

  /** Listens for other instances' invalidations (Redis only). */
  async start(): Promise<void> {
    if (!this.opts.redis) return;
    this.subscriber = await subscribeJson<InvalidationScope>(this.opts.redis, this.channel, (scope) => this.drop(scope), () => this.drop({ all: true }));
  }

  async read<T>(key: string, load: () => Promise<T>, options: ReadOptions<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    const pending = this.loading.get(key);
    if (pending) return pending.promise as Promise<T>;
    const current = () => this.loading.get(key)?.promise === promise;
    const promise: Promise<T> = load()
      .then((value) => {
        // A drop since the load began removed it: what it read may be stale.
        if (current()) this.store(key, value, options);
        return value;
      })
      .finally(() => {
        if (current()) this.loading.delete(key);
      });
    this.loading.set(key, { promise, owner: options.owner });
    return promise;
  }

  /** A JSON answer kept with what it depends on (see JsonRead), its size counted as cachedJsonBytes. */
  async readJson(key: string, load: () => Promise<JsonRead>, options: { ttlMs: number; owner?: string }): Promise<CachedJson> {
    const read = await this.read(key, load, {
      ...options,
      shows: (r) => r.shows ?? [],
      follows: (r) => r.follows ?? [],
      bytes: (r) => cachedJsonBytes(r.json),
    });
    return read.json;
  }

  /** Replaces a cached value in place on this instance (a counter that moved); nothing when absent. */
  update<T>(key: string, change: (value: T) => T): void {
    const hit = this.entries.get(key);
    if (hit) hit.value = change(hit.value as T);
  }

  /** Tells a cache kept elsewhere (search answers) about every drop of public reads, local or from another instance. */
  onDrop(listener: (scope: InvalidationScope) => void): void {
    this.dropListeners.push(listener);
  }

  /** Drops what the scope makes stale here and on every other instance. */
  invalidate(scope: InvalidationScope): void {
    this.drop(scope);
    this.opts.redis?.publish(this.channel, JSON.stringify(scope)).catch((err: unknown) => {
      this.opts.logger?.warn({ err }, 'cache invalidation not published');
    });
  }

  private store<T>(key: string, value: T, options: ReadOptions<T>): void {
    this.remove(key);
    const entry: Entry = {
      value,
      expires: Date.now() + options.ttlMs,
      bytes: options.bytes?.(value) ?? DEFAULT_ENTRY_BYTES,
      shows: [...(options.shows?.(value) ?? [])],
      follows: [...(options.follows?.(value) ?? [])],
      owner: options.owner,
    };
    const { maxBytes } = this.opts;
    // Oldest first (a Map keeps insertion order), until the new entry fits.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size < MAX_ENTRIES && this.bytes + entry.bytes <= maxBytes) break;
      this.remove(oldest);
    }
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const projectId of entry.shows) index(this.keysShowing, projectId, key);
    for (const memberId of entry.follows) index(this.keysFollowing, memberId, key);
    if (entry.owner) index(this.keysOwned, entry.owner, key);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    for (const projectId of entry.shows) unindex(this.keysShowing, projectId, key);
    for (const memberId of entry.follows) unindex(this.keysFollowing, memberId, key);
    if (entry.owner) unindex(this.keysOwned, entry.owner, key);
  }

  private drop(scope: InvalidationScope): void {
    if ('members' in scope) {
      const members = new Set(scope.members);
      for (const [key, load] of this.loading) if (load.owner !== undefined && members.has(load.owner)) this.loading.delete(key);
      for (const member of members) for (const key of [...(this.keysOwned.get(member) ?? [])]) this.remove(key);
      return;
    }
    // Which loads a public write makes stale is unknown before they answer: none of them is stored.
    this.loading.clear();
    for (const listener of this.dropListeners) listener(scope);
    if ('all' in scope) {
      this.entries.clear();
      this.bytes = 0;
      this.keysShowing.clear();
      this.keysFollowing.clear();
      this.keysOwned.clear();
      return;
    }
    const projectId = 'projectId' in scope ? scope.projectId : 'counters' in scope ? scope.counters : undefined;
    if (projectId !== undefined) {
      this.remove(cacheKeys.project(projectId));
      for (const key of [...(this.keysShowing.get(projectId) ?? [])]) this.remove(key);
    }
    if ('projectId' in scope && scope.actor) for (const key of [...(this.keysFollowing.get(scope.actor) ?? [])]) this.remove(key);
    // Trending is among the keys showing the project. A like elsewhere leaves it cached: a project it
    // lifts into the top 20 shows there within trending's TTL, as other lists' new entries do.
    if (!('counters' in scope)) this.remove(cacheKeys.trending);
  }

  async close(): Promise<void> {
    if (this.subscriber) await this.subscriber.quit().catch(() => undefined);
    this.subscriber = null;
  }
}

function index<K>(map: Map<K, Set<string>>, dependency: K, key: string): void {
  const keys = map.get(dependency);
  if (keys) keys.add(key);
  else map.set(dependency, new Set([key]));
}

function unindex<K>(map: Map<K, Set<string>>, dependency: K, key: string): void {
  const keys = map.get(dependency);
  if (!keys) return;
  keys.delete(key);
  if (keys.size === 0) map.delete(dependency);
}

/** Writes that change nothing a public read shows. */
// Writes that change nothing a visitor reads: sign-in, a member's own notifications, uploads, searches,
// draft edits (a draft's publish is public), sync pulls and reports.
const NOT_PUBLIC = /^\/api\/(auth|login|logout|callback|notifications|upload|search|sync|reports)(\/|$)|^\/api\/drafts\/[^/]+$/;
const PROJECT_WRITE = /^\/api\/projects\/(\d+)(\/|$)/;
/** Writes that move only their project's counters (likes, comments): nothing lists it anew or in another place. */
const COUNTER_WRITE = /^\/api\/projects\/(\d+)\/(react|comments)$/;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Invalidates the public read cache for every successful write to the API, before its answer is sent:
 * a like or a comment drops that project's page and the answers showing it; any other write under
 * /api/projects/:id drops that project, the lists showing it, trending and the feeds of the writer's
 * followers (a share is such a write); any other write
 * (profiles, follows, blog posts, admin suspensions and deletions, ...) drops everything. New write routes are covered without code.
 */
export function invalidateAfterWrites(cache: PublicCache): RequestHandler {
  return (req, res, next) => {
    if (SAFE.has(req.method) || NOT_PUBLIC.test(req.path)) return next();
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    (res as { end: (...args: unknown[]) => Response }).end = (...args: unknown[]) => {
      if (res.statusCode < 400) {
        const counters = COUNTER_WRITE.exec(req.path);
        const project = counters ? null : PROJECT_WRITE.exec(req.path);
        cache.invalidate(counters ? { counters: Number(counters[1]) } : project ? { projectId: Number(project[1]), actor: req.user?.id } : { all: true });
      }
      return end(...args);
    };
    next();
  };
}
