import { MESSAGES } from '@shared/errors';
import { ACCOUNT_MESSAGES, type TChangeEmailRequest } from '@shared/schemas/account';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { verifyPassword } from '../auth/password';
import { queueVerification } from '../auth/send-verification';
import { findUserByEmail, type UserRow } from '../users/users.repository';

/**
 * A new address for the account: nothing changes until the link sent to it is followed (verify-email
 * then switches the address and tells the old one). The password confirms the request.
 */
export async function changeEmail(deps: Pick<AppDeps, 'db' | 'tokens' | 'outbox'>, user: UserRow, input: TChangeEmailRequest): Promise<void> {
  if (!user.passwordHash) throw AppError.validation(ACCOUNT_MESSAGES.providerEmail);
  if (!(await verifyPassword(input.password, user.passwordHash))) throw AppError.validation(ACCOUNT_MESSAGES.wrongPassword);
  if (input.newEmail === user.email?.toLowerCase()) throw AppError.validation(ACCOUNT_MESSAGES.sameEmail);
  if (await findUserByEmail(deps.db, input.newEmail)) throw AppError.conflict(MESSAGES.emailTaken);
  await deps.db.transaction((tx) => queueVerification(deps, tx, user, input.newEmail));
  deps.outbox.nudge();
}
