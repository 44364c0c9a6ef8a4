import { MESSAGES } from '@shared/errors';
import type { TLoginRequest } from '@shared/schemas/auth';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findUserByEmail, type UserRow } from '../users/users.repository';
import { dummyPasswordHash, verifyPassword } from './password';
import { promoteListedAdmin } from './promote-listed-admin';

export type LoginDeps = { db: Db; adminEmails: Set<string> };

/** Same answer and similar time whether the email exists or not. */
export async function login(deps: LoginDeps, input: TLoginRequest): Promise<UserRow> {
  const user = await findUserByEmail(deps.db, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !user.passwordHash || !ok) throw AppError.unauthorized(MESSAGES.invalidCredentials);
  if (user.isSuspended) throw AppError.forbidden(MESSAGES.accountSuspended);
  return promoteListedAdmin(deps.db, deps.adminEmails, user);
}
