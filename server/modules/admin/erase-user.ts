import { UPLOADED_IMAGE_URL } from '@shared/schemas/project';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { projectStoragePrefix } from '../projects/native-files';
import type { UserRow } from '../users/users.repository';
import { collectUserFootprint, deleteUserRow, recountFollows, recountProjects } from './admin.repository';
import { findTargetUser } from './find-target-user';

/** '/uploads/images/x.png' -> 'images/x.png'; anything else is not ours to delete. */
function uploadKey(url: string | null): string | null {
  return url && UPLOADED_IMAGE_URL.test(url) ? url.slice('/uploads/'.length) : null;
}

/**
 * Erases a user and all their content in one transaction: their projects, comments, reactions, saves,
 * ratings, shares, follows, notifications and sessions go by FK cascade, and the counters their rows fed
 * on other people's projects and profiles are recomputed. `check` runs first in the transaction (and may
 * refuse); stored files (hosted projects, uploaded images, data exports) are removed after the commit.
 */
export async function eraseUser(
  deps: Pick<AppDeps, 'db' | 'events' | 'storage'>,
  id: string,
  check: (tx: Tx, target: UserRow) => Promise<void>,
): Promise<void> {
  const footprint = await deps.db.transaction(async (tx) => {
    const target = await findTargetUser(tx, id);
    await check(tx, target);
    const found = await collectUserFootprint(tx, target.id);
    await deleteUserRow(tx, target.id);
    await recountProjects(tx, found.otherProjectIds);
    await recountFollows(tx, found.otherUserIds);
    return { ...found, images: [uploadKey(target.profileImageUrl), uploadKey(target.bannerImageUrl)] };
  });
  await deps.events.emit('user:access-revoked', { userId: id });
  const keys = [...footprint.images, ...footprint.ownProjects.map((p) => uploadKey(p.thumbnail))].filter((k): k is string => !!k);
  await Promise.all([
    ...footprint.ownProjects.map((p) => deps.storage.deletePrefix(projectStoragePrefix(p.id))),
    ...keys.map((k) => deps.storage.delete(k)),
    deps.storage.deletePrefix(`exports/${id}`),
  ]);
}
