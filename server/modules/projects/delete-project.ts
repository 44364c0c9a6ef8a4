import type { UserRow } from '../users/users.repository';
import type { ProjectDeps } from './create-project';
import { projectStoragePrefix } from './native-files';
import { findManagedProject } from './project-access';
import { deleteProject as deleteProjectRow } from './projects.repository';

/**
 * Deletes a project (the author or an admin) in one transaction: its files, views, comments, reactions,
 * saves, ratings, shares and the notifications pointing at it go with it by FK cascade. The stored bytes
 * are removed after the commit.
 */
export async function deleteProject(deps: ProjectDeps, actor: UserRow, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await findManagedProject(tx, id, actor);
    await deleteProjectRow(tx, id);
  });
  await deps.storage.deletePrefix(projectStoragePrefix(id));
}
