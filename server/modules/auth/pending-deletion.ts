import { ERROR_REASONS } from '@shared/errors';
import { ACCOUNT_MESSAGES } from '@shared/schemas/account';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { UserRow } from '../users/users.repository';

/**
 * A deleted account whose owner proved who they are (password, or the provider): no session, but a
 * short-lived token that restores it, offered as a 409 the sign-in screen turns into "Restore".
 */
export async function pendingDeletionOffer(deps: Pick<AppDeps, 'db' | 'tokens'>, user: UserRow): Promise<AppError> {
  const tokenId = await deps.tokens.issue(deps.db, { userId: user.id, purpose: 'restore-account' });
  return new AppError('CONFLICT', ACCOUNT_MESSAGES.pendingDeletion, {
    code: ERROR_REASONS.accountPendingDeletion,
    restoreToken: deps.tokens.tokenOf(tokenId),
    purgeAfter: (user.purgeAfter ?? new Date()).toISOString(),
  });
}
