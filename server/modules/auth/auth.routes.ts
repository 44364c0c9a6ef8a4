import { Router, type Request, type Response } from 'express';
import { MESSAGES } from '@shared/errors';
import { safeReturnTo, ZLoginRequestSchema, ZRegisterRequestSchema } from '@shared/schemas/auth';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { currentUser, requireUser } from '../../http/auth';
import { saveSession, type SessionSetup } from '../../http/session';
import { parse } from '../../http/validate';
import type { UserRow } from '../users/users.repository';
import { toCurrentUser } from '../users/to-current-user';
import { endSessions } from './end-sessions';
import { login } from './login';
import { memoryThrottleStore, redisThrottleStore, throttleKey, throttleWaitMs, type ThrottleStore } from './login-throttle';
import { logoutRoutes } from './logout.routes';
import { pendingDeletionOffer } from './pending-deletion';
import { register } from './register';
import { signInWithOidc } from './sign-in-with-oidc';
import { startSession } from './start-session';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

function publicOrigin(deps: AppDeps, req: Request): string {
  return deps.config.PUBLIC_URL ? new URL(deps.config.PUBLIC_URL).origin : `${req.protocol}://${req.get('host')}`;
}

/** Sign-up, sign-in with a password (throttled per address and IP) and the current user. */
function passwordRoutes(deps: AppDeps, router: Router): void {
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
  const signupPerIp = limiter({ name: 'register-ip', windowMs: 60 * 60 * 1000, limit: deps.config.LOGIN_RATE_LIMIT * 3, message: MESSAGES.tooManyAttempts });

  router.post('/api/auth/register', signupPerIp, async (req, res) => {
    const input = parse(ZRegisterRequestSchema, req.body);
    const user = await register(deps, input);
    await startSession(req, user);
    res.status(201).json(toCurrentUser(user));
  });

  router.post('/api/auth/login', perIp, async (req, res) => {
    const key = throttleKey((req.body as { email?: unknown } | undefined)?.email, req.ip);
    await refuseWhileThrottled(throttle, key, deps.config.LOGIN_RATE_LIMIT, res);
    const input = parse(ZLoginRequestSchema, req.body);
    let user: UserRow;
    try {
      user = await login({ db: deps.db, tokens: deps.tokens, adminEmails: deps.config.adminEmails }, input);
    } catch (err) {
      if (err instanceof AppError && err.code === 'UNAUTHORIZED') await throttle.fail(key, Date.now());
      throw err;
    }
    await throttle.clear(key);
    await startSession(req, user);
    res.json(toCurrentUser(user));
  });

  router.get('/api/auth/user', requireUser, (req, res) => {
    res.json(toCurrentUser(currentUser(req)));
  });

  router.get('/api/auth/providers', (_req, res) => {
    res.json({ password: true, oidc: deps.oidc !== null });
  });
}

async function refuseWhileThrottled(throttle: ThrottleStore, key: string, limit: number, res: Response): Promise<void> {
  const wait = throttleWaitMs(await throttle.get(key), limit, Date.now());
  if (wait <= 0) return;
  res.setHeader('Retry-After', String(Math.ceil(wait / 1000)));
  throw new AppError('RATE_LIMITED', MESSAGES.tooManyAttempts);
}

/**
 * Sign in and sign up are a full-page navigation (/api/login), so an OpenID Connect provider can take
 * over the page. `reauth=1` sends a signed-in member to the provider again, to confirm a deletion.
 */
function providerRoutes(deps: AppDeps, sessions: SessionSetup, router: Router): void {
  router.get('/api/login', async (req, res) => {
    const returnTo = safeReturnTo(req.query.returnTo);
    const reauth = req.query.reauth === '1' && !!req.user;
    if (req.user && !reauth) return res.redirect(returnTo);
    if (deps.oidc) {
      const start = await deps.oidc.start(`${publicOrigin(deps, req)}/api/callback`, { reauth });
      req.session.oidc = { state: start.state, nonce: start.nonce, codeVerifier: start.codeVerifier, returnTo, reauth };
      await saveSession(req);
      return res.redirect(start.url);
    }
    if (reauth) return res.redirect(returnTo);
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
      user = await signInWithOidc({ db: deps.db, adminEmails: deps.config.adminEmails, endAllSessions: (id) => endSessions(deps, sessions, id) }, claims);
    } catch (err) {
      req.log.warn({ err }, 'OpenID Connect sign-in failed');
      return res.redirect(`/signin?error=${err instanceof AppError && err.code === 'FORBIDDEN' ? 'suspended' : 'provider'}`);
    }
    if (user.deletedAt) {
      const offer = await pendingDeletionOffer(deps, user);
      return res.redirect(`/signin?restore=${encodeURIComponent(String(offer.details!.restoreToken))}`);
    }
    if (pending.reauth && req.user?.id === user.id) {
      req.session.providerSignInAt = Date.now();
      await saveSession(req);
    } else {
      await startSession(req, user, { viaProvider: true });
    }
    res.redirect(pending.returnTo);
  });
}

export function authRoutes(deps: AppDeps, sessions: SessionSetup): Router {
  const router = Router();
  passwordRoutes(deps, router);
  providerRoutes(deps, sessions, router);
  logoutRoutes(router);
  return router;
}
