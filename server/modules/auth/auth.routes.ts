import { randomBytes, timingSafeEqual } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import { MESSAGES } from '@shared/errors';
import { safeReturnTo, ZLoginRequestSchema, ZRegisterRequestSchema } from '@shared/schemas/auth';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { currentUser, requireUser } from '../../http/auth';
import { destroySession, regenerateSession, saveSession, SESSION_COOKIE } from '../../http/session';
import { parse } from '../../http/validate';
import type { UserRow } from '../users/users.repository';
import { toCurrentUser } from '../users/to-current-user';
import { login } from './login';
import { memoryThrottleStore, redisThrottleStore, throttleKey, throttleWaitMs } from './login-throttle';
import { register } from './register';
import { signInWithOidc } from './sign-in-with-oidc';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** A new session id for the signed-in user: a session fixed before login is worth nothing after it. */
async function startSession(req: Request, user: UserRow) {
  await regenerateSession(req);
  req.session.userId = user.id;
  req.session.renewedAt = Date.now();
  await saveSession(req);
}

function publicOrigin(deps: AppDeps, req: Request): string {
  return deps.config.PUBLIC_URL ? new URL(deps.config.PUBLIC_URL).origin : `${req.protocol}://${req.get('host')}`;
}

async function signOut(req: Request, res: Response) {
  await destroySession(req);
  res.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The session's sign-out token (random, kept in the session), created on first use. */
async function logoutToken(req: Request): Promise<string | null> {
  if (!req.user) return null;
  if (!req.session.logoutToken) {
    req.session.logoutToken = randomBytes(24).toString('base64url');
    await saveSession(req);
  }
  return req.session.logoutToken;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A small page, no script (the CSP allows none inline): sign out for real, or go back to Buildboard. */
function sendLogoutConfirm(res: Response, token: string | null) {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  const form = token
    ? `<form method="post" action="/api/logout"><input type="hidden" name="token" value="${token}"><button type="submit">Sign out</button></form>`
    : '<p>You are not signed in.</p>';
  res.send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out of Buildboard?</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem}</style>
</head><body><main><h1>Sign out of Buildboard?</h1>
<p>Another page asked to sign you out.</p>${form}<p><a href="/">Stay signed in</a></p></main></body></html>`);
}

export function authRoutes(deps: AppDeps): Router {
  const router = Router();
  const { limiter } = deps;
  const perIp = limiter({
    name: 'login-ip',
    windowMs: FIFTEEN_MINUTES,
    limit: deps.config.LOGIN_RATE_LIMIT * 5,
    message: MESSAGES.tooManyAttempts,
    // Only failed attempts count, so a busy shared address (an office) is not limited by its successes.
    skipSuccessful: true,
  });
  const throttle = deps.redis ? redisThrottleStore(deps.redis, deps.config.REDIS_PREFIX) : memoryThrottleStore();
  const signupPerIp = limiter({
    name: 'register-ip',
    windowMs: 60 * 60 * 1000,
    limit: deps.config.LOGIN_RATE_LIMIT * 3,
    message: MESSAGES.tooManyAttempts,
  });

  router.post('/api/auth/register', signupPerIp, async (req, res) => {
    const input = parse(ZRegisterRequestSchema, req.body);
    const user = await register({ db: deps.db, adminEmails: deps.config.adminEmails }, input);
    await startSession(req, user);
    res.status(201).json(toCurrentUser(user));
  });

  router.post('/api/auth/login', perIp, async (req, res) => {
    const key = throttleKey((req.body as { email?: unknown } | undefined)?.email, req.ip);
    const wait = throttleWaitMs(await throttle.get(key), deps.config.LOGIN_RATE_LIMIT, Date.now());
    if (wait > 0) {
      res.setHeader('Retry-After', String(Math.ceil(wait / 1000)));
      throw new AppError('RATE_LIMITED', MESSAGES.tooManyAttempts);
    }
    const input = parse(ZLoginRequestSchema, req.body);
    let user: UserRow;
    try {
      user = await login({ db: deps.db, adminEmails: deps.config.adminEmails }, input);
    } catch (err) {
      if (err instanceof AppError && err.code === 'UNAUTHORIZED') await throttle.fail(key, Date.now());
      throw err;
    }
    await throttle.clear(key);
    await startSession(req, user);
    res.json(toCurrentUser(user));
  });

  router.post('/api/auth/logout', async (req, res) => {
    await signOut(req, res);
    res.status(204).end();
  });

  router.get('/api/auth/user', requireUser, (req, res) => {
    res.json(toCurrentUser(currentUser(req)));
  });

  router.get('/api/auth/providers', (_req, res) => {
    res.json({ password: true, oidc: deps.oidc !== null });
  });

  // Sign in and sign up are a full-page navigation here, so an OpenID Connect provider can take over the page.
  router.get('/api/login', async (req, res) => {
    const returnTo = safeReturnTo(req.query.returnTo);
    if (req.user) {
      res.redirect(returnTo);
      return;
    }
    if (deps.oidc) {
      const start = await deps.oidc.start(`${publicOrigin(deps, req)}/api/callback`);
      req.session.oidc = { state: start.state, nonce: start.nonce, codeVerifier: start.codeVerifier, returnTo };
      await saveSession(req);
      res.redirect(start.url);
      return;
    }
    const params = new URLSearchParams({ returnTo });
    if (req.query.mode === 'signup') params.set('mode', 'signup');
    res.redirect(`/signin?${params.toString()}`);
  });

  router.get('/api/callback', async (req, res) => {
    const pending = req.session.oidc;
    if (!deps.oidc || !pending) throw AppError.validation('No sign-in is in progress');
    delete req.session.oidc;
    const current = new URL(req.originalUrl, publicOrigin(deps, req));
    let user: UserRow;
    try {
      const claims = await deps.oidc.finish(current, pending);
      user = await signInWithOidc({ db: deps.db, adminEmails: deps.config.adminEmails }, claims);
    } catch (err) {
      if (err instanceof AppError && err.code === 'FORBIDDEN') {
        res.redirect('/signin?error=suspended');
        return;
      }
      req.log.warn({ err }, 'OpenID Connect sign-in failed');
      res.redirect('/signin?error=provider');
      return;
    }
    await startSession(req, user);
    res.redirect(pending.returnTo);
  });

  // Sign Out is a full-page navigation, so the page reloads signed out with nothing of the member in
  // memory. It signs out only when the browser says the navigation came from our own pages (Sec-Fetch-Site same-origin, or none for a typed address); an
  // image, another site or a hosted project's popup gets a small confirm page whose form POSTs back with
  // the session's token, so nobody else's page can sign a member out.
  router.get('/api/logout', async (req, res) => {
    const site = req.get('sec-fetch-site');
    const dest = req.get('sec-fetch-dest');
    if ((site === 'same-origin' || site === 'none') && (!dest || dest === 'document')) {
      await signOut(req, res);
      res.redirect('/');
      return;
    }
    if (dest && dest !== 'document' && dest !== 'iframe') throw AppError.validation('Sign out must be a page navigation');
    sendLogoutConfirm(res, await logoutToken(req));
  });

  router.post('/api/logout', express.urlencoded({ extended: false, limit: '2kb' }), async (req, res) => {
    const given = (req.body as { token?: unknown } | undefined)?.token;
    const expected = req.session?.logoutToken;
    if (!req.user) {
      res.redirect(303, '/');
      return;
    }
    if (typeof given !== 'string' || !expected || !sameToken(given, expected)) {
      res.status(403);
      sendLogoutConfirm(res, await logoutToken(req));
      return;
    }
    await signOut(req, res);
    res.redirect(303, '/');
  });

  return router;
}
