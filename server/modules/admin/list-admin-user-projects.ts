import type { TProject } from '@shared/schemas/project';
import type { DbOrTx } from '../../db/client';
import { listProjectViewsByAuthor } from '../projects/projects.repository';
import { findTargetUser } from './find-target-user';

/** GET /api/admin/users/{id}/projects: every project of the user, a suspended user's included. */
export async function listAdminUserProjects(deps: { db: DbOrTx; previewOrigin?: string }, id: string): Promise<TProject[]> {
  const user = await findTargetUser(deps.db, id);
  const rows = await listProjectViewsByAuthor(deps.db, user.id, deps.previewOrigin);
  return rows.map((row) => row.card);
}
