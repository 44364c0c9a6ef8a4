import { ACCOUNT_MESSAGES } from '@shared/schemas/account';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { findUserById, updateUser, type UserRow } from '../users/users.repository';

/** "Restore my account" within the grace period: the member and their content show again at once. */
export async function restoreAccount(deps: Pick<AppDeps, 'db' | 'tokens'>, token: string): Promise<UserRow> {
  return deps.db.transaction(async (tx) => {
    const row = await deps.tokens.consume(tx, token, 'restore-account');
    const user = await findUserById(tx, row.userId);
    if (!user || user.isSuspended) throw AppError.validation(ACCOUNT_MESSAGES.linkInvalid);
    if (!user.deletedAt) return user;
    return (await updateUser(tx, user.id, { deletedAt: null, purgeAfter: null }))!;
  });
}
