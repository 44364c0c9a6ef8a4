import type { TProject, TProjectInput } from '@shared/schemas/project';
import type { UserRow } from '../../db/schema';
import type { ProjectDeps } from './create-project';
import { findManagedProject } from './find-managed-project';
import { readProject } from './read-project';
import { updateProject as updateProjectRow } from './projects.repository';

/** Replaces a project's fields (the author or an admin). Stored files stay, so hosting can switch back. */
export async function updateProject(deps: ProjectDeps, actor: UserRow, id: number, input: TProjectInput): Promise<TProject> {
  await findManagedProject(deps.db, id, actor);
  await updateProjectRow(deps.db, id, input);
  await deps.events.emit('project:updated', { actorId: actor.id, projectId: id });
  return readProject(deps, id);
}
