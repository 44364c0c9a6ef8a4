import { displayNameOf } from '@shared/format';
import { ACCOUNT_MESSAGES } from '@shared/schemas/account';
import { MESSAGES } from '@shared/errors';
import type { AppDeps } from '../../deps';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { queueMail } from '../../mail/mail-queue';
import { findUserById, updateUser, type UserRow } from '../users/users.repository';
import { promoteListedAdmin } from './promote-listed-admin';

export type VerifyEmailDeps = Pick<AppDeps, 'db' | 'tokens' | 'outbox' | 'config'>;

/**
 * Follows a verification link: the account's address is verified, or the new address it asked for
 * becomes its address (the old one is told). Works signed out too: the link is the proof.
 */
export async function verifyEmail(deps: VerifyEmailDeps, token: string): Promise<{ user: UserRow; message: string }> {
  const { user, changed } = await deps.db.transaction(async (tx) => {
    const row = await deps.tokens.consume(tx, token, 'verify-email');
    const current = await findUserById(tx, row.userId);
    if (!current || current.deletedAt) throw AppError.validation(ACCOUNT_MESSAGES.linkInvalid);
    const email = row.email ?? current.email;
    if (!email) throw AppError.validation(ACCOUNT_MESSAGES.linkInvalid);
    const oldEmail = current.email;
    const changing = email.toLowerCase() !== (oldEmail ?? '').toLowerCase();
    let updated: UserRow | undefined;
    try {
      updated = await tx.transaction((inner) => updateUser(inner, current.id, { email, emailVerifiedAt: new Date() }));
    } catch (err) {
      // The new address was taken by another account meanwhile.
      if (isUniqueViolation(err, 'users_email_unique')) throw AppError.conflict(MESSAGES.emailTaken);
      throw err;
    }
    if (changing && oldEmail) {
      await queueMail(tx, { template: 'email-changed', to: oldEmail, data: { name: displayNameOf(current), newEmail: email } }, `email-changed:${row.id}`);
    }
    return { user: updated!, changed: changing };
  });
  deps.outbox.nudge();
  const promoted = await promoteListedAdmin(deps.db, deps.config.adminEmails, user);
  return { user: promoted, message: changed ? ACCOUNT_MESSAGES.emailChanged : ACCOUNT_MESSAGES.emailVerified };
}
