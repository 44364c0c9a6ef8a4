import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import session from 'express-session';
import { BatchedRead } from '../db/batch-per-turn';
import type { Db } from '../db/client';
import { arrayParam, prepared } from '../db/prepared';
import { VersionedReads } from '../db/versioned-reads';
import { sessions, users } from '../db/schema';
import type { UserRow } from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A session's stored expiry moves forward at most this often: a request within this time of the last
 * touch writes nothing. The cost is that a session may expire up to this long before its cookie says.
 */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

const LOADED_USER = Symbol('loadedUser');
const STORED_EXPIRY = Symbol('storedExpiry');
type SessionRow = { sid: string; sess: unknown; expiresAt: Date; user: UserRow | null };
/** The session row's version and its user row's (xmin: the transaction that wrote this version of a row). */
const SESSION_AND_USER_VERSION = sql<string>`"sessions"."xmin"::text || '/' || coalesce("users"."xmin"::text, '')`;
type Loaded = session.SessionData & { [LOADED_USER]?: UserRow | null; [STORED_EXPIRY]?: number };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The session's user as read with the session in one query (undefined: not loaded that way). */
      sessionUser?: UserRow | null;
    }
  }
}

/**
 * express-session store over the `sessions` table; works on PGlite and PostgreSQL alike. Reading a
 * session is one query that also loads its user (http/auth.ts uses it), and the expiry is written at
 * most every SESSION_TOUCH_INTERVAL_MS instead of on every request.
 */
export class DbSessionStore extends session.Store {
  private sweeper: NodeJS.Timeout;

  constructor(private readonly db: Db) {
    super();
    // Expired rows are dead weight; sweep them hourly rather than on every request.
    this.sweeper = setInterval(() => void this.sweep(), 60 * 60 * 1000);
    this.sweeper.unref();
  }

  private expiry(sess: session.SessionData): Date {
    const e = sess.cookie?.expires;
    return e ? new Date(e) : new Date(Date.now() + DAY_MS);
  }

  /**
   * Sessions with their users as last read in full (VersionedReads): every request asks for the two
   * rows' versions, and a session whose row or user row changed since (a renewal, a suspension, a
   * role, a sign-out elsewhere) is read again in full at once.
   */
  private readonly versioned = new VersionedReads<string, SessionRow>({
    versions: async (sids) => {
      const rows = await prepared(this.db, 'session_versions', (db, name) =>
        db
          .select({ sid: sessions.sid, version: SESSION_AND_USER_VERSION })
          .from(sessions)
          .leftJoin(users, eq(users.id, sessions.userId))
          .where(sql`${sessions.sid} = ANY(${arrayParam('sids', 'text')})`)
          .prepare(name),
      ).execute({ sids });
      return new Map(rows.map((r) => [r.sid, r.version]));
    },
    rows: async (sids) => {
      const rows = await prepared(this.db, 'sessions_with_users', (db, name) =>
        db
          .select({ sid: sessions.sid, sess: sessions.sess, expiresAt: sessions.expiresAt, version: SESSION_AND_USER_VERSION, user: users })
          .from(sessions)
          .leftJoin(users, eq(users.id, sessions.userId))
          .where(sql`${sessions.sid} = ANY(${arrayParam('sids', 'text')})`)
          .prepare(name),
      ).execute({ sids });
      return new Map(rows.map(({ version, ...row }) => [row.sid, { version, row }]));
    },
  });

  /** Session reads of one event-loop turn share one query (see BatchedRead): the read of every signed-in request. */
  private readonly rows = new BatchedRead<string, SessionRow>((sids) => this.versioned.read(sids));

  override get(sid: string, cb: (err: unknown, session?: session.SessionData | null) => void) {
    this.rows
      .read(sid)
      .then((row) => {
        if (!row || row.expiresAt.getTime() <= Date.now()) return cb(null, null);
        // Copies: the row is kept for later requests, and express-session changes the session it is given.
        const stored = row.sess as session.SessionData;
        const sess: Loaded = { ...stored, cookie: { ...stored.cookie } as session.SessionData['cookie'] };
        sess[LOADED_USER] = row.user && row.user.id === sess.userId ? { ...row.user } : null;
        sess[STORED_EXPIRY] = row.expiresAt.getTime();
        cb(null, sess);
      }, cb);
  }

  /** Hands the user loaded with the session to the request and keeps the stored expiry for touch(). */
  override createSession(req: Express.Request, sess: session.SessionData): session.Session & Partial<session.SessionData> {
    const loaded = sess as Loaded;
    const user = loaded[LOADED_USER];
    const storedExpiry = loaded[STORED_EXPIRY];
    if (user !== undefined) req.sessionUser = user;
    const created = super.createSession(req as Parameters<session.Store['createSession']>[0], sess) as Loaded & session.Session;
    created[STORED_EXPIRY] = storedExpiry;
    return created;
  }

  override set(sid: string, sess: session.SessionData, cb?: (err?: unknown) => void) {
    const row = { sid, sess, userId: sess.userId ?? null, expiresAt: this.expiry(sess) };
    this.db
      .insert(sessions)
      .values(row)
      .onConflictDoUpdate({ target: sessions.sid, set: row })
      .then(() => cb?.())
      .catch((err: unknown) => cb?.(err));
  }

  override destroy(sid: string, cb?: (err?: unknown) => void) {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => cb?.())
      .catch((err: unknown) => cb?.(err));
  }

  override touch(sid: string, sess: session.SessionData, cb?: (err?: unknown) => void) {
    const expiresAt = this.expiry(sess);
    const stored = (sess as Loaded)[STORED_EXPIRY];
    if (stored !== undefined && expiresAt.getTime() - stored < SESSION_TOUCH_INTERVAL_MS) {
      cb?.();
      return;
    }
    this.db
      .update(sessions)
      .set({ expiresAt })
      .where(eq(sessions.sid, sid))
      .then(() => cb?.())
      .catch((err: unknown) => cb?.(err));
  }

  async listUserSessions(userId: string): Promise<{ sid: string; data: Partial<session.SessionData> }[]> {
    const rows = await this.db
      .select({ sid: sessions.sid, sess: sessions.sess })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
    return rows.map((r) => ({ sid: r.sid, data: r.sess as Partial<session.SessionData> }));
  }

  /** Destroys the listed sessions that belong to the user; answers those it destroyed. */
  async destroySessions(userId: string, sids: readonly string[]): Promise<string[]> {
    if (sids.length === 0) return [];
    const rows = await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), inArray(sessions.sid, [...sids])))
      .returning({ sid: sessions.sid });
    return rows.map((r) => r.sid);
  }

  /** Every session of one user (suspension, deletion). */
  async destroyUserSessions(userId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }

  async sweep() {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  }

  close() {
    clearInterval(this.sweeper);
  }
}
