import { MESSAGES } from '@shared/errors';
import type { TRegisterRequest } from '@shared/schemas/auth';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db/unique-violation';
import { insertUserWithHandle } from '../users/generate-handle';
import { findUserByEmail, type UserRow } from '../users/users.repository';
import { hashPassword } from './password';

export type RegisterDeps = { db: Db; adminEmails: Set<string> };

export async function register(deps: RegisterDeps, input: TRegisterRequest): Promise<UserRow> {
  if (await findUserByEmail(deps.db, input.email)) throw AppError.conflict(MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const firstName = input.firstName || null;
  const lastName = input.lastName || null;
  try {
    return await insertUserWithHandle(
      deps.db,
      {
        email: input.email,
        passwordHash,
        firstName,
        lastName,
        displayName: [firstName, lastName].filter(Boolean).join(' ') || null,
        isAdmin: deps.adminEmails.has(input.email),
      },
      input,
    );
  } catch (err) {
    // Two sign-ups with one email at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err, 'users_email_unique')) throw AppError.conflict(MESSAGES.emailTaken);
    throw err;
  }
}
