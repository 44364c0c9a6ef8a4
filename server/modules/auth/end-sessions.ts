import type { AppDeps } from '../../deps';
import { sessionHandle, type SessionSetup } from '../../http/session';

/**
 * Signs the member out of their sessions but `keepSid` (the one asking, when any): the stored
 * sessions go on every instance, and the sockets opened with them are disconnected before the answer.
 */
export async function endSessions(deps: Pick<AppDeps, 'events'>, sessions: SessionSetup, userId: string, keepSid?: string): Promise<number> {
  const all = await sessions.listUserSessions(userId);
  const ended = await sessions.destroySessions(
    userId,
    all.map((s) => s.sid).filter((sid) => sid !== keepSid),
  );
  if (ended.length) await deps.events.emit('sessions:ended', { handles: ended.map(sessionHandle) });
  return ended.length;
}
