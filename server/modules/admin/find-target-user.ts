import { ADMIN_MESSAGES } from '@shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findUserById, type UserRow } from '../users/users.repository';

/** The user an admin route names by id: 404 'User not found' otherwise. */
export async function findTargetUser(db: DbOrTx, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw AppError.notFound(ADMIN_MESSAGES.userNotFound);
  return user;
}
