import { eq, lt } from 'drizzle-orm';
import session from 'express-session';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** express-session store over the `sessions` table; works on PGlite and PostgreSQL alike. */
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

  override get(sid: string, cb: (err: unknown, session?: session.SessionData | null) => void) {
    this.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .then(([row]) => {
        if (!row || row.expiresAt.getTime() <= Date.now()) return cb(null, null);
        cb(null, row.sess as session.SessionData);
      })
      .catch(cb);
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
    this.db
      .update(sessions)
      .set({ expiresAt: this.expiry(sess) })
      .where(eq(sessions.sid, sid))
      .then(() => cb?.())
      .catch((err: unknown) => cb?.(err));
  }

  async sweep() {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  }

  close() {
    clearInterval(this.sweeper);
  }
}
