import { MESSAGES } from '@shared/errors';
import type { TRegisterRequest } from '@shared/schemas/auth';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { generateUniqueHandle } from '../users/generate-handle';
import { findUserByEmail, insertUser, type UserRow } from '../users/users.repository';
import { hashPassword } from './password';

export type RegisterDeps = { db: Db; adminEmails: Set<string> };

export async function register(deps: RegisterDeps, input: TRegisterRequest): Promise<UserRow> {
  if (await findUserByEmail(deps.db, input.email)) throw AppError.conflict(MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const handle = await generateUniqueHandle(deps.db, input);
  const firstName = input.firstName || null;
  const lastName = input.lastName || null;
  try {
    return await insertUser(deps.db, {
      email: input.email,
      passwordHash,
      firstName,
      lastName,
      displayName: [firstName, lastName].filter(Boolean).join(' ') || null,
      handle,
      isAdmin: deps.adminEmails.has(input.email),
    });
  } catch (err) {
    // Two sign-ups with one email at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err, 'users_email_unique')) throw AppError.conflict(MESSAGES.emailTaken);
    throw err;
  }
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown }).cause ?? err;
  const { code, constraint: name } = e as { code?: string; constraint?: string };
  return code === '23505' && (!constraint || name === constraint);
}
