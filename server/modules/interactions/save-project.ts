import type { TSaveResult } from '@shared/schemas/interactions';
import type { AppDeps } from '../../deps';
import { recordProjectActivity } from '../analytics/analytics.repository';
import type { UserRow } from '../users/users.repository';
import { addSave } from './interactions.repository';
import { writeWhereVisible } from './load-accessible-project';

/** Saves a project for later; saving again changes nothing. */
export async function saveProject(deps: Pick<AppDeps, 'db'>, user: UserRow, projectId: number): Promise<TSaveResult> {
  const result = await writeWhereVisible(user, (anyAuthor) => addSave(deps.db, user.id, projectId, anyAuthor));
  // Before the answer: the save's write (under /api/projects/:id) then drops the author's cached analytics.
  if (result.changed) await recordProjectActivity(deps.db, 'saves', [{ projectId }]);
  return { hasSaved: true, saveCount: result.count };
}
