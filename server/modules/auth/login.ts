import { MESSAGES } from '@shared/errors';
import type { TLoginRequest } from '@shared/schemas/auth';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { findUserByEmail, type UserRow } from '../users/users.repository';
import { dummyPasswordHash, verifyPassword } from './password';
import { pendingDeletionOffer } from './pending-deletion';
import { promoteListedAdmin } from './promote-listed-admin';

export type LoginDeps = Pick<AppDeps, 'db' | 'tokens'> & { adminEmails: Set<string> };

/** Same answer and similar time whether the email exists or not. */
export async function login(deps: LoginDeps, input: TLoginRequest): Promise<UserRow> {
  const user = await findUserByEmail(deps.db, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !user.passwordHash || !ok) throw AppError.unauthorized(MESSAGES.invalidCredentials);
  if (user.isSuspended) throw AppError.forbidden(MESSAGES.accountSuspended);
  if (user.deletedAt) throw await pendingDeletionOffer(deps, user);
  return promoteListedAdmin(deps.db, deps.adminEmails, user);
}
