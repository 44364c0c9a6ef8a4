import type { DbOrTx } from '../../db/client';
import { assertExists, assertOwner } from '../../access/access-policy';
import type { UserRow } from '../../db/schema';
import { findProjectById, type ProjectRow } from './projects.repository';

/** The project the actor may change: 404 when it does not exist, 403 unless they wrote it or are an admin. */
export async function findManagedProject(db: DbOrTx, id: number, actor: UserRow): Promise<ProjectRow> {
  const project = await findProjectById(db, id);
  assertExists('project', project);
  assertOwner(actor, project.authorId);
  return project;
}
