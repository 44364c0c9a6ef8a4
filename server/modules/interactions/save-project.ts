import type { TSaveResult } from '@shared/schemas/interactions';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { addSave } from './interactions.repository';
import { loadAccessibleProject, orProjectGone } from './project-access';

/** Saves a project for later; saving again changes nothing. */
export async function saveProject(deps: Pick<AppDeps, 'db'>, user: UserRow, projectId: number): Promise<TSaveResult> {
  await loadAccessibleProject(deps.db, projectId, user);
  const result = await orProjectGone(addSave(deps.db, user.id, projectId));
  return { hasSaved: true, saveCount: result.count };
}
