import type { TAdminUser } from '@shared/schemas/admin';
import { displayNameOf } from '@shared/format';
import type { DbOrTx } from '../../db/client';
import { updateUser, type UserRow } from '../users/users.repository';
import { findTargetUser } from './find-target-user';
import { recordAudit } from './record-audit';
import { toAdminUser } from './to-admin-user';

/** POST /api/admin/users/{id}/unsuspend: the account, its profile and its projects are back at once. */
export async function unsuspendUser(deps: { db: DbOrTx }, admin: UserRow, id: string): Promise<TAdminUser> {
  return deps.db.transaction(async (tx) => {
    const target = await findTargetUser(tx, id);
    const row = await updateUser(tx, target.id, { isSuspended: false, suspendedReason: null, suspendedAt: null });
    await recordAudit(tx, admin, { action: 'user.unsuspend', targetType: 'user', targetId: target.id, targetLabel: displayNameOf(target) });
    return toAdminUser(row!);
  });
}
