import type { TAccountSession } from '@shared/schemas/account';
import { sessionHandle, type SessionSetup } from '../../http/session';
import { describeDevice } from './describe-device';

const iso = (ms: number | undefined) => (ms ? new Date(ms).toISOString() : null);

/** The member's signed-in sessions, the current one first, then by last use. */
export async function listSessions(sessions: SessionSetup, userId: string, currentSid: string): Promise<TAccountSession[]> {
  const stored = await sessions.listUserSessions(userId);
  return stored
    .map(({ sid, data }) => ({
      id: sessionHandle(sid),
      device: describeDevice(data.device),
      signedInAt: iso(data.signedInAt),
      lastSeenAt: iso(sid === currentSid ? Date.now() : (data.renewedAt ?? data.signedInAt)),
      current: sid === currentSid,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || (b.lastSeenAt ?? '').localeCompare(a.lastSeenAt ?? ''));
}
