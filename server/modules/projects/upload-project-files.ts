import { PROJECT_MESSAGES, type TProjectFile } from '@shared/schemas/project';
import { AppError } from '../../errors';
import type { UserRow } from '../../db/schema';
import type { ProjectDeps } from './create-project';
import { listNativeFiles } from './list-project-files';
import { prepareNativeFiles, storeNativeFiles, type IncomingFile } from './native-files';
import { findManagedProject } from './find-managed-project';

/** Adds files to a native project, or replaces the ones with the same path; answers every stored file. */
export async function uploadProjectFiles(
  deps: ProjectDeps,
  actor: UserRow,
  id: number,
  files: readonly IncomingFile[],
): Promise<TProjectFile[]> {
  const project = await findManagedProject(deps.db, id, actor);
  if (project.hostingType !== 'native') throw AppError.validation(PROJECT_MESSAGES.filesNeedNative);
  if (files.length === 0) throw AppError.validation(PROJECT_MESSAGES.noFilesChosen);
  const prepared = await prepareNativeFiles(files);
  await storeNativeFiles(deps, prepared, id);
  await deps.events.emit('project:updated', { actorId: actor.id, projectId: id });
  return listNativeFiles(deps, id);
}
