import type { TSaveResult } from '@shared/schemas/interactions';
import type { AppDeps } from '../../deps';
import { recordProjectActivity } from '../analytics/analytics.repository';
import type { UserRow } from '../users/users.repository';
import { addSave } from './interactions.repository';
import { loadAccessibleProject, orProjectGone } from './load-accessible-project';

/** Saves a project for later; saving again changes nothing. */
export async function saveProject(deps: Pick<AppDeps, 'db'>, user: UserRow, projectId: number): Promise<TSaveResult> {
  await loadAccessibleProject(deps.db, projectId, user);
  const result = await orProjectGone(addSave(deps.db, user.id, projectId));
  if (result.changed) await recordProjectActivity(deps.db, projectId, 'saves');
  return { hasSaved: true, saveCount: result.count };
}
