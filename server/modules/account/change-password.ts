import { ACCOUNT_MESSAGES, type TChangePasswordRequest } from '@shared/schemas/account';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { SessionSetup } from '../../http/session';
import { endSessions } from '../auth/end-sessions';
import { hashPassword, verifyPassword } from '../auth/password';
import { assertAcceptablePassword } from '../auth/password-policy';
import { queuePasswordChanged } from '../auth/reset-password';
import { updateUser, type UserRow } from '../users/users.repository';

/** A signed-in change of password: the current one confirms it; every other session ends; a mail tells. */
export async function changePassword(
  deps: Pick<AppDeps, 'db' | 'outbox' | 'events'>,
  sessions: SessionSetup,
  user: UserRow,
  currentSid: string,
  input: TChangePasswordRequest,
): Promise<void> {
  if (!user.passwordHash) throw AppError.validation(ACCOUNT_MESSAGES.providerEmail);
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) throw AppError.validation(ACCOUNT_MESSAGES.wrongPassword);
  if (input.currentPassword === input.newPassword) throw AppError.validation(ACCOUNT_MESSAGES.samePassword);
  assertAcceptablePassword(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    const updated = await updateUser(tx, user.id, { passwordHash });
    await queuePasswordChanged(tx, updated!, `${user.id}:${updated!.updatedAt.getTime()}`);
  });
  deps.outbox.nudge();
  await endSessions(deps, sessions, user.id, currentSid);
}
