import type { TSaveResult } from '@shared/schemas/interactions';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { removeSave } from './interactions.repository';
import { writeWhereVisible } from './load-accessible-project';

/** Removes a project from the member's saved list; unsaving what is not saved is harmless. */
export async function unsaveProject(deps: Pick<AppDeps, 'db'>, user: UserRow, projectId: number): Promise<TSaveResult> {
  const result = await writeWhereVisible(user, (anyAuthor) => removeSave(deps.db, user.id, projectId, anyAuthor));
  return { hasSaved: false, saveCount: result.count };
}
