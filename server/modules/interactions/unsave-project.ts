import type { TSaveResult } from '@shared/schemas/interactions';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { removeSave } from './interactions.repository';
import { loadAccessibleProject } from './load-accessible-project';

/** Removes a project from the member's saved list; unsaving what is not saved is harmless. */
export async function unsaveProject(deps: Pick<AppDeps, 'db'>, user: UserRow, projectId: number): Promise<TSaveResult> {
  await loadAccessibleProject(deps.db, projectId, user);
  const result = await removeSave(deps.db, user.id, projectId);
  return { hasSaved: false, saveCount: result.count };
}
