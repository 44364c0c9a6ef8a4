import type { UserRow } from '../../db/schema';
import type { ProjectDeps } from './create-project';
import { projectStoragePrefix } from './native-files';
import { findManagedProject } from './find-managed-project';
import { deleteProject as deleteProjectRow, listProjectFiles } from './projects.repository';

/**
 * Deletes a project (the author or an admin) in one transaction: its files, views, comments, reactions,
 * saves, ratings, shares and the notifications pointing at it go with it by FK cascade. The stored bytes
 * are removed after the commit.
 */
export async function deleteProject(deps: ProjectDeps, actor: UserRow, id: number): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    await findManagedProject(tx, id, actor);
    const files = await listProjectFiles(tx, id);
    await deleteProjectRow(tx, id);
    return files.map((f) => f.storageKey);
  });
  // Files uploaded with the project's creation sit under the staging prefix: remove them by key.
  await Promise.all(keys.map((k) => deps.storage.delete(k).catch(() => undefined)));
  await deps.storage.deletePrefix(projectStoragePrefix(id));
}
