import { Router } from 'express';
import { MESSAGES } from '@shared/errors';
import {
  ACCOUNT_MESSAGES,
  ZChangeEmailRequestSchema,
  ZChangePasswordRequestSchema,
  ZDeleteAccountRequestSchema,
} from '@shared/schemas/account';
import type { AppDeps } from '../../deps';
import { currentUser, requireUser } from '../../http/auth';
import { regenerateSession, saveSession, SESSION_COOKIE, type SessionSetup } from '../../http/session';
import { sendStoredFile } from '../../http/send-stored-file';
import { parse } from '../../http/validate';
import { endSessions } from '../auth/end-sessions';
import { changeEmail } from './change-email';
import { changePassword } from './change-password';
import { deleteAccount } from './delete-account';
import { findDownloadableExport } from './download-data-export';
import { endSession } from './end-session';
import { listSessions } from './list-sessions';
import { listDataExports, requestDataExport } from './request-data-export';

/** The member's own account: password, address, sessions, their data and leaving. Signed in only. */
export function accountRoutes(deps: AppDeps, sessions: SessionSetup): Router {
  const router = Router();
  router.use('/api/account', requireUser);
  const confirmPerMember = deps.limiter({
    name: 'account-confirm',
    windowMs: 15 * 60 * 1000,
    limit: deps.config.LOGIN_RATE_LIMIT,
    message: MESSAGES.tooManyAttempts,
    key: (req) => `u:${req.user?.id ?? req.ip}`,
    skipSuccessful: true,
  });

  router.post('/api/account/password', confirmPerMember, async (req, res) => {
    const input = parse(ZChangePasswordRequestSchema, req.body);
    await changePassword(deps, sessions, currentUser(req), req.sessionID, input);
    // This session goes on, under a new id: the old one may be what leaked.
    const { userId, signedInAt, device, renewedAt } = req.session;
    await regenerateSession(req);
    Object.assign(req.session, { userId, signedInAt, device, renewedAt });
    await saveSession(req);
    res.json({ message: ACCOUNT_MESSAGES.passwordChanged });
  });

  router.post('/api/account/email', confirmPerMember, async (req, res) => {
    const input = parse(ZChangeEmailRequestSchema, req.body);
    await changeEmail(deps, currentUser(req), input);
    res.status(202).json({ message: ACCOUNT_MESSAGES.emailChangeSent });
  });

  router.get('/api/account/sessions', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await listSessions(sessions, currentUser(req).id, req.sessionID));
  });

  router.post('/api/account/sessions/sign-out-others', async (req, res) => {
    const ended = await endSessions(deps, sessions, currentUser(req).id, req.sessionID);
    res.json({ ended });
  });

  router.delete('/api/account/sessions/:id', async (req, res) => {
    await endSession(deps, sessions, currentUser(req).id, req.sessionID, String(req.params.id));
    res.status(204).end();
  });

  router.get('/api/account/exports', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await listDataExports(deps, currentUser(req).id));
  });

  router.post('/api/account/exports', async (req, res) => {
    res.status(202).json(await requestDataExport(deps, currentUser(req).id));
  });

  router.get('/api/account/exports/:id/download', async (req, res, next) => {
    const row = await findDownloadableExport(deps, currentUser(req).id, String(req.params.id));
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="buildboard-data-${row.createdAt.toISOString().slice(0, 10)}.zip"`);
    sendStoredFile(res, next, deps.storage, row.storageKey, { cacheControl: 'private, no-store', onMissing: () => res.status(404).json({ message: ACCOUNT_MESSAGES.exportNotFound }) });
  });

  router.post('/api/account/delete', confirmPerMember, async (req, res) => {
    const input = parse(ZDeleteAccountRequestSchema, req.body);
    const purgeAfter = await deleteAccount(deps, currentUser(req), input, req.session.providerSignInAt);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.json({ message: ACCOUNT_MESSAGES.accountDeleted, purgeAfter: purgeAfter.toISOString() });
  });

  return router;
}
