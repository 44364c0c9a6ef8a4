import { parse as parseCookies } from 'cookie';
import { unsign } from 'cookie-signature';
import type { RequestHandler } from 'express';
import type session from 'express-session';

/** At most this many verified cookies are remembered (a member's cookie is ~80 bytes); the oldest go first. */
const MAX_VERIFIED = 10_000;

/**
 * The session id of a signed session cookie value (`s:<id>.<signature>`), or null when the signature
 * does not hold. A value verified once is remembered: the key is the whole signed value, so a hit
 * stands for the same HMAC check, and a member's later requests skip it.
 */
export class VerifiedCookies {
  private verified = new Map<string, string>();

  constructor(private readonly secret: string) {}

  sessionId(signed: string): string | null {
    const known = this.verified.get(signed);
    if (known !== undefined) return known;
    if (!signed.startsWith('s:')) return null;
    const sid = unsign(signed.slice(2), this.secret);
    if (sid === false) return null;
    if (this.verified.size >= MAX_VERIFIED) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(signed, sid);
    return sid;
  }
}

/**
 * Reads the session of a request that changes nothing in it without express-session's per-request
 * machinery: the same cookie parser and check, the same store read and the same touch, but none of its
 * hooks on the answer (two hashes of the session, header and end wrappers), which cost a signed-in read
 * of a cached answer as much as the rest of it together. `req.session` is express-session's own Session
 * object (`store.createSession`), so regenerate() and destroy() work as before. The caller sends the
 * routes that write their session to express-session; here a cookie that does not verify, a session not
 * found and one `mayChange` names (a due renewal) go there too.
 */
export function sessionReader(opts: {
  middleware: RequestHandler;
  store: session.Store;
  cookieName: string;
  secret: string;
  /** Whether the request will write this session (express-session then tracks and saves the changes). */
  mayChange: (sess: session.SessionData) => boolean;
}): RequestHandler {
  const { middleware, store, cookieName } = opts;
  const cookies = new VerifiedCookies(opts.secret);
  return (req, res, next) => {
    const signed = req.headers.cookie === undefined ? undefined : parseCookies(req.headers.cookie)[cookieName];
    const sid = signed === undefined ? null : cookies.sessionId(signed);
    if (sid === null) return middleware(req, res, next);
    store.get(sid, (err, sess) => {
      if (err) return next(err);
      if (!sess || opts.mayChange(sess)) return middleware(req, res, next);
      // express-session installs generate() on its store, which regenerate() needs.
      req.sessionStore = store as typeof req.sessionStore;
      req.sessionID = sid;
      const current = store.createSession(req, sess);
      // What express-session does for a session read and left unchanged: 30 more days from now, and the
      // store's touch (a no-op in the database store within its interval).
      current.touch();
      if (!store.touch) return next();
      store.touch(sid, current, (touchErr?: unknown) => (touchErr ? next(touchErr) : next()));
    });
  };
}
