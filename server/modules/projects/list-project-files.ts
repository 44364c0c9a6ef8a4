import type { TProjectFile } from '@shared/schemas/project';
import type { UserRow } from '../../db/schema';
import type { ProjectDeps } from './create-project';
import { findManagedProject } from './find-managed-project';
import { listProjectFiles } from './projects.repository';

export async function listNativeFiles(deps: Pick<ProjectDeps, 'db'>, id: number): Promise<TProjectFile[]> {
  const rows = await listProjectFiles(deps.db, id);
  return rows.map((r) => ({ path: r.path, size: r.size, mimeType: r.mimeType }));
}

/** The stored files of a project, for its author or an admin (the edit dialog lists them). */
export async function listProjectFilesFor(deps: Pick<ProjectDeps, 'db'>, actor: UserRow, id: number): Promise<TProjectFile[]> {
  await findManagedProject(deps.db, id, actor);
  return listNativeFiles(deps, id);
}
