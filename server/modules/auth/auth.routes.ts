import { Router, type Request } from 'express';
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
import { register } from './register';
import { signInWithOidc } from './sign-in-with-oidc';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** A new session id for the signed-in user: a session fixed before login is worth nothing after it. */
async function startSession(req: Request, user: UserRow) {
  await regenerateSession(req);
  req.session.userId = user.id;
  await saveSession(req);
}

function publicOrigin(deps: AppDeps, req: Request): string {
  return deps.config.PUBLIC_URL ? new URL(deps.config.PUBLIC_URL).origin : `${req.protocol}://${req.get('host')}`;
}

export function authRoutes(deps: AppDeps): Router {
  const router = Router();
  const { limiter } = deps;
  const perIp = limiter({
    name: 'login-ip',
    windowMs: FIFTEEN_MINUTES,
    limit: deps.config.LOGIN_RATE_LIMIT * 5,
    message: MESSAGES.tooManyAttempts,
  });
  const perAccount = limiter({
    name: 'login-account',
    windowMs: FIFTEEN_MINUTES,
    limit: deps.config.LOGIN_RATE_LIMIT,
    message: MESSAGES.tooManyAttempts,
    key: (req) => `acct:${String((req.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase()}`,
  });
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

  router.post('/api/auth/login', perIp, perAccount, async (req, res) => {
    const input = parse(ZLoginRequestSchema, req.body);
    const user = await login({ db: deps.db, adminEmails: deps.config.adminEmails }, input);
    await startSession(req, user);
    res.json(toCurrentUser(user));
  });

  router.post('/api/auth/logout', async (req, res) => {
    await destroySession(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.status(204).end();
  });

  router.get('/api/auth/user', requireUser, (req, res) => {
    res.json(toCurrentUser(currentUser(req)));
  });

  router.get('/api/auth/providers', (_req, res) => {
    res.json({ password: true, oidc: deps.oidc !== null });
  });

  // Sign in and sign up are a full-page navigation here (spec section 1).
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

  router.get('/api/logout', async (req, res) => {
    // Sign Out is a page navigation. An <img src="/api/logout"> planted in user content must not sign
    // the viewer out, and same-site subresources carry the Lax cookie.
    const dest = req.get('sec-fetch-dest');
    if (dest && dest !== 'document') throw AppError.validation('Sign out must be a page navigation');
    await destroySession(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.redirect('/');
  });

  return router;
}
