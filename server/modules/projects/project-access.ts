import { MESSAGES } from '@shared/errors';
import { PROJECT_MESSAGES } from '@shared/schemas/project';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { UserRow } from '../users/users.repository';
import { findProjectById, type ProjectRow } from './projects.repository';

/**
 * The one visibility rule of a project: a suspended author's project is 'Content Unavailable' to
 * everyone but admins and the author.
 */
export function assertProjectVisible(
  project: { authorId: string; authorIsSuspended: boolean },
  viewer: UserRow | undefined,
): void {
  const privileged = !!viewer && (viewer.isAdmin || viewer.id === project.authorId);
  if (project.authorIsSuspended && !privileged) throw AppError.forbidden(MESSAGES.contentUnavailable);
}

/** The project the actor may change: 404 when it does not exist, 403 unless they wrote it or are an admin. */
export async function findManagedProject(db: DbOrTx, id: number, actor: UserRow): Promise<ProjectRow> {
  const project = await findProjectById(db, id);
  if (!project) throw AppError.notFound(PROJECT_MESSAGES.notFound);
  if (project.authorId !== actor.id && !actor.isAdmin) throw AppError.forbidden();
  return project;
}
