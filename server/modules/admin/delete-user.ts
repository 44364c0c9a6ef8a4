import { ADMIN_MESSAGES } from '@shared/schemas/admin';
import { displayNameOf } from '@shared/format';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { UserRow } from '../users/users.repository';
import { lockOtherActiveAdmins } from './admin.repository';
import { eraseUser } from './erase-user';
import { recordAudit } from './record-audit';

/** DELETE /api/admin/users/{id}: the user and all their content, at once (eraseUser), audited. */
export async function deleteUser(deps: Pick<AppDeps, 'db' | 'events' | 'storage'>, admin: UserRow, id: string): Promise<void> {
  if (id === admin.id) throw AppError.validation(ADMIN_MESSAGES.selfDelete);
  await eraseUser(deps, id, async (tx, target) => {
    if (target.isAdmin && (await lockOtherActiveAdmins(tx, target.id)) === 0) throw AppError.conflict(ADMIN_MESSAGES.lastAdmin);
    await recordAudit(tx, admin, {
      action: 'user.delete',
      targetType: 'user',
      targetId: target.id,
      targetLabel: `${displayNameOf(target)}${target.email ? ` <${target.email}>` : ''}`,
    });
  });
}
