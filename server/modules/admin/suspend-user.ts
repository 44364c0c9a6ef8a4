import { ADMIN_MESSAGES, type TAdminUser, type TSuspendRequest } from '@shared/schemas/admin';
import { displayNameOf } from '@shared/format';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { updateUser, type UserRow } from '../users/users.repository';
import { lockOtherActiveAdmins } from './admin.repository';
import { findTargetUser } from './find-target-user';
import { recordAudit } from './record-audit';
import { toAdminUser } from './to-admin-user';

/**
 * POST /api/admin/users/{id}/suspend. Takes effect at once: the row is marked (feeds, search, profiles
 * and projects read it on every request), then every session of the user is destroyed and their
 * sockets are disconnected. An admin cannot suspend themselves, and the last active admin stays.
 */
export async function suspendUser(deps: Pick<AppDeps, 'db' | 'events'>, admin: UserRow, id: string, input: TSuspendRequest): Promise<TAdminUser> {
  if (id === admin.id) throw AppError.validation(ADMIN_MESSAGES.selfSuspend);
  const updated = await deps.db.transaction(async (tx) => {
    const target = await findTargetUser(tx, id);
    if (target.isAdmin && (await lockOtherActiveAdmins(tx, target.id)) === 0) throw AppError.conflict(ADMIN_MESSAGES.lastAdmin);
    const row = await updateUser(tx, target.id, { isSuspended: true, suspendedReason: input.reason, suspendedAt: new Date() });
    await recordAudit(tx, admin, {
      action: 'user.suspend',
      targetType: 'user',
      targetId: target.id,
      targetLabel: displayNameOf(target),
      reason: input.reason,
    });
    return row!;
  });
  await deps.events.emit('user:access-revoked', { userId: updated.id });
  return toAdminUser(updated);
}
