import { ERROR_REASONS } from '@shared/errors';
import { displayNameOf } from '@shared/format';
import { ADMIN_MESSAGES } from '@shared/schemas/admin';
import { ACCOUNT_MESSAGES, type TDeleteAccountRequest } from '@shared/schemas/account';
import { isPremiumNow } from '../../access/premium';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { queueMail } from '../../mail/mail-queue';
import { lockOtherActiveAdmins } from '../admin/admin.repository';
import { verifyPassword } from '../auth/password';
import { cancelSubscription } from '../premium/cancel-subscription';
import { stripeClientOf } from '../premium/stripe-client';
import { updateUser, type UserRow } from '../users/users.repository';

/** An identity-provider account confirms a deletion by signing in there again within this time. */
export const REAUTH_WINDOW_MS = 10 * 60 * 1000;

export type DeleteAccountDeps = Pick<AppDeps, 'db' | 'config' | 'cache' | 'events' | 'logger' | 'outbox'>;

/** The member proves it is them: their password, or a fresh sign-in through the identity provider. */
async function assertConfirmed(user: UserRow, input: TDeleteAccountRequest, providerSignInAt: number | undefined): Promise<void> {
  if (user.passwordHash) {
    if (!input.password) throw AppError.validation(ACCOUNT_MESSAGES.passwordRequired);
    if (!(await verifyPassword(input.password, user.passwordHash))) throw AppError.validation(ACCOUNT_MESSAGES.wrongPassword);
    return;
  }
  if (!providerSignInAt || Date.now() - providerSignInAt > REAUTH_WINDOW_MS) {
    throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.reauthRequired, { code: ERROR_REASONS.reauthRequired });
  }
}

/**
 * "Delete my account": a live subscription is cancelled at its period end, the member and everything
 * they published are hidden at once and their sessions end; the purge job erases them after
 * ACCOUNT_PURGE_DAYS, until when signing in offers to restore the account.
 */
export async function deleteAccount(deps: DeleteAccountDeps, user: UserRow, input: TDeleteAccountRequest, providerSignInAt?: number): Promise<Date> {
  await assertConfirmed(user, input, providerSignInAt);
  if (user.stripeCustomerId && isPremiumNow(user) && !user.cancelAtPeriodEnd && stripeClientOf(deps.config)) {
    await cancelSubscription(deps, user);
  }
  const purgeAfter = new Date(Date.now() + deps.config.ACCOUNT_PURGE_DAYS * 86_400_000);
  await deps.db.transaction(async (tx) => {
    if (user.isAdmin && (await lockOtherActiveAdmins(tx, user.id)) === 0) throw AppError.conflict(ADMIN_MESSAGES.lastAdmin);
    await updateUser(tx, user.id, { deletedAt: new Date(), purgeAfter });
    if (user.email) {
      await queueMail(
        tx,
        { template: 'account-deleted', to: user.email, data: { name: displayNameOf(user), purgeDate: purgeAfter.toUTCString().slice(0, 16) }, link: { path: '/signin' } },
        `account-deleted:${user.id}:${purgeAfter.getTime()}`,
      );
    }
  });
  deps.outbox.nudge();
  await deps.events.emit('user:access-revoked', { userId: user.id });
  return purgeAfter;
}
