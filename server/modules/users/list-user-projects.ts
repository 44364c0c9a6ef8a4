import type { TProject } from '@shared/schemas/project';
import type { Db } from '../../db/client';
import { toProject } from '../projects/project-view';
import { findVisibleUser } from './find-visible-user';
import { listProjectViewsByAuthor, type UserRow } from './users.repository';

/** A user's projects, newest first, under the same visibility rule as the profile. */
export async function listUserProjects(
  deps: { db: Db; previewOrigin?: string },
  key: string,
  viewer: UserRow,
): Promise<TProject[]> {
  const user = await findVisibleUser(deps.db, key, viewer);
  const rows = await listProjectViewsByAuthor(deps.db, user.id);
  return rows.map((row) => toProject(row, { previewOrigin: deps.previewOrigin }));
}
