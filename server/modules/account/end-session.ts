import { ACCOUNT_MESSAGES } from '@shared/schemas/account';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { sessionHandle, type SessionSetup } from '../../http/session';

/** "Sign out" on one listed session (another device): it ends there at once, sockets included. */
export async function endSession(deps: Pick<AppDeps, 'events'>, sessions: SessionSetup, userId: string, currentSid: string, handle: string): Promise<void> {
  if (handle === sessionHandle(currentSid)) throw AppError.validation(ACCOUNT_MESSAGES.currentSession);
  const target = (await sessions.listUserSessions(userId)).find((s) => sessionHandle(s.sid) === handle);
  if (!target) throw AppError.notFound(ACCOUNT_MESSAGES.sessionNotFound);
  const ended = await sessions.destroySessions(userId, [target.sid]);
  if (ended.length === 0) throw AppError.notFound(ACCOUNT_MESSAGES.sessionNotFound);
  await deps.events.emit('sessions:ended', { handles: [handle] });
}
