import { PROJECT_MESSAGES, type TProject, type TProjectInput } from '@shared/schemas/project';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { UserRow } from '../../db/schema';
import { prepareNativeFiles, storeNativeFiles, type IncomingFile } from './native-files';
import { readProject } from './read-project';
import { insertProject } from './projects.repository';

export type ProjectDeps = Pick<AppDeps, 'db' | 'storage' | 'events' | 'config'>;

/**
 * Creates a project. A native project brings its files in the same request (at least one, among them
 * index.html); the project and its files are stored together or not at all.
 */
export async function createProject(
  deps: ProjectDeps,
  actor: UserRow,
  input: TProjectInput,
  files: readonly IncomingFile[],
  /** The draft this project publishes: unique, so a draft becomes a project once. */
  source: { draftId?: string } = {},
): Promise<TProject> {
  const values = { ...input, authorId: actor.id, sourceDraftId: source.draftId ?? null };
  let projectId: number;
  if (input.hostingType === 'native') {
    if (files.length === 0) throw AppError.validation(PROJECT_MESSAGES.nativeFilesRequired);
    const prepared = await prepareNativeFiles(files);
    if (!prepared.some((f) => f.path === 'index.html')) throw AppError.validation(PROJECT_MESSAGES.indexRequired);
    projectId = await storeNativeFiles(deps, prepared, async (tx) => (await insertProject(tx, values)).id);
  } else {
    if (files.length > 0) throw AppError.validation(PROJECT_MESSAGES.filesNeedNative);
    projectId = (await insertProject(deps.db, values)).id;
  }
  await deps.events.emit('project:created', { actorId: actor.id, projectId });
  return readProject(deps, projectId);
}
