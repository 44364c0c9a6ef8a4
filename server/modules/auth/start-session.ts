import type { Request } from 'express';
import { regenerateSession, saveSession } from '../../http/session';
import type { UserRow } from '../users/users.repository';

/**
 * A new session id for the signed-in user (a session fixed before sign-in is worth nothing after it),
 * with what the member's session list shows of it: the device and when it signed in.
 */
export async function startSession(req: Request, user: UserRow, opts: { viaProvider?: boolean } = {}): Promise<void> {
  await regenerateSession(req);
  const now = Date.now();
  req.session.userId = user.id;
  req.session.renewedAt = now;
  req.session.signedInAt = now;
  req.session.device = req.get('user-agent')?.slice(0, 300);
  if (opts.viaProvider) req.session.providerSignInAt = now;
  await saveSession(req);
}
