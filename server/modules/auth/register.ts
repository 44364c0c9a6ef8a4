import { MESSAGES } from '@shared/errors';
import type { TRegisterRequest } from '@shared/schemas/auth';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db/unique-violation';
import { insertUserWithHandle } from '../users/generate-handle';
import { findUserByEmail, type UserRow } from '../users/users.repository';
import { hashPassword } from './password';
import { assertAcceptablePassword } from './password-policy';
import { queueVerification } from './send-verification';

export type RegisterDeps = Pick<AppDeps, 'db' | 'tokens' | 'outbox'>;

/**
 * A new password account, signed in at once and unverified: its address gets a verification link.
 * Nothing is granted for the address (ADMIN_EMAILS included) until that link is followed.
 */
export async function register(deps: RegisterDeps, input: TRegisterRequest): Promise<UserRow> {
  assertAcceptablePassword(input.password);
  if (await findUserByEmail(deps.db, input.email)) throw AppError.conflict(MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const firstName = input.firstName || null;
  const lastName = input.lastName || null;
  let user: UserRow;
  try {
    // The account and its verification mail are one commit: neither exists without the other.
    user = await deps.db.transaction(async (tx) => {
      const created = await insertUserWithHandle(
        tx,
        { email: input.email, passwordHash, firstName, lastName, displayName: [firstName, lastName].filter(Boolean).join(' ') || null },
        input,
      );
      await queueVerification(deps, tx, created, input.email);
      return created;
    });
  } catch (err) {
    // Two sign-ups with one email at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err, 'users_email_unique')) throw AppError.conflict(MESSAGES.emailTaken);
    throw err;
  }
  deps.outbox.nudge();
  return user;
}
