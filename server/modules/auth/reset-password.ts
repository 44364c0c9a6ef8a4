import { displayNameOf } from '@shared/format';
import { ACCOUNT_MESSAGES, type TResetPasswordRequest } from '@shared/schemas/account';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { SessionSetup } from '../../http/session';
import { queueMail } from '../../mail/mail-queue';
import { findUserById, updateUser, type UserRow } from '../users/users.repository';
import { endSessions } from './end-sessions';
import { hashPassword } from './password';
import { assertAcceptablePassword } from './password-policy';
import { promoteListedAdmin } from './promote-listed-admin';

export type ResetPasswordDeps = Pick<AppDeps, 'db' | 'tokens' | 'outbox' | 'events' | 'config'>;

/**
 * Follows a reset link: the new password is set, the address counts as verified (the link reached it),
 * every session of the account ends (the caller signs this one in), and the member is told by mail.
 */
export async function resetPassword(deps: ResetPasswordDeps, sessions: SessionSetup, input: TResetPasswordRequest): Promise<UserRow> {
  assertAcceptablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.transaction(async (tx) => {
    const row = await deps.tokens.consume(tx, input.token, 'reset-password');
    const current = await findUserById(tx, row.userId);
    if (!current || current.deletedAt || current.isSuspended) throw AppError.validation(ACCOUNT_MESSAGES.linkInvalid);
    const provedAddress = !!row.email && row.email.toLowerCase() === current.email?.toLowerCase();
    const updated = await updateUser(tx, current.id, {
      passwordHash,
      ...(provedAddress && !current.emailVerifiedAt ? { emailVerifiedAt: new Date() } : {}),
    });
    await queuePasswordChanged(tx, updated!, row.id);
    return updated!;
  });
  deps.outbox.nudge();
  await endSessions(deps, sessions, user.id);
  return promoteListedAdmin(deps.db, deps.config.adminEmails, user);
}

/** "Your password was changed", with a link to reset it should it not have been them. */
export function queuePasswordChanged(tx: Parameters<typeof queueMail>[0], user: UserRow, eventId: string) {
  if (!user.email) return Promise.resolve(false);
  return queueMail(
    tx,
    { template: 'password-changed', to: user.email, data: { name: displayNameOf(user) }, link: { path: '/forgot-password' } },
    `password-changed:${eventId}`,
  );
}
