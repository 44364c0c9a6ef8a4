import { Router } from 'express';
import { MESSAGES } from '@shared/errors';
import {
  ACCOUNT_MESSAGES,
  ZForgotPasswordRequestSchema,
  ZResetPasswordRequestSchema,
  ZTokenRequestSchema,
} from '@shared/schemas/account';
import type { AppDeps } from '../../deps';
import { currentUser, requireUser } from '../../http/auth';
import type { SessionSetup } from '../../http/session';
import { parse } from '../../http/validate';
import { toCurrentUser } from '../users/to-current-user';
import { requestPasswordReset } from './forgot-password';
import { resendVerification } from './resend-verification';
import { resetPassword } from './reset-password';
import { restoreAccount } from './restore-account';
import { startSession } from './start-session';
import { verifyEmail } from './verify-email';

const HOUR = 60 * 60 * 1000;

/** The links sent by mail and what leads to them: verification, password reset, restoring a deleted account. */
export function recoveryRoutes(deps: AppDeps, sessions: SessionSetup): Router {
  const router = Router();
  const limit = deps.config.LOGIN_RATE_LIMIT;
  const tooMany = MESSAGES.tooManyAttempts;
  // Both limits count every request alike, whether the address has an account or not: a 429 tells nothing.
  const resetPerIp = deps.limiter({ name: 'reset-ip', windowMs: HOUR, limit: limit * 2, message: tooMany });
  const resetPerAddress = deps.limiter({
    name: 'reset-address',
    windowMs: HOUR,
    limit: Math.max(3, Math.ceil(limit / 3)),
    message: tooMany,
    key: (req) => `a:${String((req.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase().slice(0, 254)}`,
  });
  const tokenPerIp = deps.limiter({ name: 'token-ip', windowMs: 15 * 60 * 1000, limit: limit * 3, message: tooMany });
  const resendPerMember = deps.limiter({ name: 'verify-resend', windowMs: HOUR, limit: 5, message: tooMany, key: (req) => `u:${req.user?.id ?? req.ip}` });

  router.post('/api/auth/forgot-password', resetPerIp, resetPerAddress, async (req, res) => {
    const { email } = parse(ZForgotPasswordRequestSchema, req.body);
    await requestPasswordReset(deps, email);
    res.status(202).json({ message: ACCOUNT_MESSAGES.resetSent });
  });

  router.post('/api/auth/reset-password', tokenPerIp, async (req, res) => {
    const input = parse(ZResetPasswordRequestSchema, req.body);
    const user = await resetPassword(deps, sessions, input);
    await startSession(req, user);
    res.json({ message: ACCOUNT_MESSAGES.passwordReset, user: toCurrentUser(user) });
  });

  router.post('/api/auth/verify-email', tokenPerIp, async (req, res) => {
    const { token } = parse(ZTokenRequestSchema, req.body);
    const { user, message } = await verifyEmail(deps, token);
    res.json({ message, user: req.user?.id === user.id ? toCurrentUser(user) : null });
  });

  router.post('/api/auth/resend-verification', requireUser, resendPerMember, async (req, res) => {
    await resendVerification(deps, currentUser(req));
    res.status(202).json({ message: ACCOUNT_MESSAGES.verificationSent });
  });

  router.post('/api/auth/restore-account', tokenPerIp, async (req, res) => {
    const { token } = parse(ZTokenRequestSchema, req.body);
    const user = await restoreAccount(deps, token);
    await startSession(req, user);
    res.json({ message: ACCOUNT_MESSAGES.accountRestored, user: toCurrentUser(user) });
  });

  return router;
}
