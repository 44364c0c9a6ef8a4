import { ACCOUNT_MESSAGES } from '@shared/schemas/account';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { UserRow } from '../users/users.repository';
import { queueVerification } from './send-verification';

/** "Resend" on the unverified banner: a new link to the account's address (the older ones stop working). */
export async function resendVerification(deps: Pick<AppDeps, 'db' | 'tokens' | 'outbox'>, user: UserRow): Promise<void> {
  if (!user.email) throw AppError.validation(ACCOUNT_MESSAGES.noEmail);
  if (user.emailVerifiedAt) throw AppError.conflict(ACCOUNT_MESSAGES.alreadyVerified);
  await deps.db.transaction((tx) => queueVerification(deps, tx, user, user.email!));
  deps.outbox.nudge();
}
