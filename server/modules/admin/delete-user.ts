import { ADMIN_MESSAGES } from '@shared/schemas/admin';
import { displayNameOf } from '@shared/format';
import { UPLOADED_IMAGE_URL } from '@shared/schemas/project';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { projectStoragePrefix } from '../projects/native-files';
import type { UserRow } from '../users/users.repository';
import { collectUserFootprint, deleteUserRow, lockOtherActiveAdmins, recountFollows, recountProjects } from './admin.repository';
import { findTargetUser } from './find-target-user';
import { recordAudit } from './record-audit';

/** '/uploads/images/x.png' -> 'images/x.png'; anything else is not ours to delete. */
function uploadKey(url: string | null): string | null {
  return url && UPLOADED_IMAGE_URL.test(url) ? url.slice('/uploads/'.length) : null;
}

/**
 * DELETE /api/admin/users/{id}: the user and all their content, in one transaction. Their projects,
 * comments, reactions, saves, ratings, shares, follows, notifications and sessions go by FK cascade;
 * the counters their rows fed on other people's projects and profiles are recomputed in the same
 * transaction. Stored files (hosted projects, uploaded images) are removed after the commit.
 */
export async function deleteUser(deps: Pick<AppDeps, 'db' | 'events' | 'storage'>, admin: UserRow, id: string): Promise<void> {
  if (id === admin.id) throw AppError.validation(ADMIN_MESSAGES.selfDelete);
  const footprint = await deps.db.transaction(async (tx) => {
    const target = await findTargetUser(tx, id);
    if (target.isAdmin && (await lockOtherActiveAdmins(tx, target.id)) === 0) throw AppError.conflict(ADMIN_MESSAGES.lastAdmin);
    const found = await collectUserFootprint(tx, target.id);
    await deleteUserRow(tx, target.id);
    await recountProjects(tx, found.otherProjectIds);
    await recountFollows(tx, found.otherUserIds);
    await recordAudit(tx, admin, {
      action: 'user.delete',
      targetType: 'user',
      targetId: target.id,
      targetLabel: `${displayNameOf(target)}${target.email ? ` <${target.email}>` : ''}`,
    });
    return { ...found, images: [uploadKey(target.profileImageUrl), uploadKey(target.bannerImageUrl)] };
  });
  await deps.events.emit('user:access-revoked', { userId: id });
  const keys = [...footprint.images, ...footprint.ownProjects.map((p) => uploadKey(p.thumbnail))].filter((k): k is string => !!k);
  await Promise.all([
    ...footprint.ownProjects.map((p) => deps.storage.deletePrefix(projectStoragePrefix(p.id))),
    ...keys.map((k) => deps.storage.delete(k)),
  ]);
}
