import { randomBytes } from 'node:crypto';
import { NATIVE_INDEX_PATH, PROJECT_MESSAGES } from '@shared/schemas/project';
import { VERSION_MESSAGES, type TPublishedVersion } from '@shared/schemas/project-version';
import { assertExists, isOwner } from '../../access/access-policy';
import type { VersionFile } from '../../db/schema';
import { AppError } from '../../errors';
import type { UserRow } from '../../db/schema';
import type { ProjectDeps } from './create-project';
import { listProjectVersions } from './list-project-versions';
import { prepareNativeFiles, projectStoragePrefix, type IncomingFile } from './native-files';
import { dropVersionFilesBefore, insertVersion, keepVersionFiles, latestVersionNumber, replaceProjectFiles } from './project-versions.repository';
import { findProjectById, listProjectFiles, lockProject } from './projects.repository';

/**
 * Publishes a native project's files again, as a new version: the given files replace every hosted file
 * (a file left out is gone from the project), the version before stays reachable under its own path
 * until the next publish, and the one before that is removed. The bytes are written first, outside the
 * transaction (as storeNativeFiles does); one short transaction under the project's row lock then
 * swaps the files, so two publishes at once make two versions, one after the other.
 */
export async function publishProjectVersion(
  deps: ProjectDeps,
  actor: UserRow,
  id: number,
  files: readonly IncomingFile[],
): Promise<TPublishedVersion> {
  const project = await findProjectById(deps.db, id);
  assertExists('project', project);
  // Publishing speaks for the author: an admin moderates a project but does not release it.
  if (!isOwner(actor, project.authorId)) throw AppError.forbidden(VERSION_MESSAGES.ownerOnly);
  if (project.hostingType !== 'native') throw AppError.validation(PROJECT_MESSAGES.filesNeedNative);
  if (files.length === 0) throw AppError.validation(PROJECT_MESSAGES.noFilesChosen);
  const prepared = await prepareNativeFiles(files);
  if (!prepared.some((f) => f.path === NATIVE_INDEX_PATH)) throw AppError.validation(PROJECT_MESSAGES.indexRequired);

  const staged: VersionFile[] = [];
  let removed: string[] = [];
  try {
    for (const f of prepared) {
      const storageKey = `${projectStoragePrefix(id)}/${randomBytes(16).toString('hex')}.${f.ext}`;
      await deps.storage.put(storageKey, f.data);
      staged.push({ path: f.path, mimeType: f.mimeType, size: f.data.length, storageKey });
    }
    await deps.db.transaction(async (tx) => {
      if (!(await lockProject(tx, id))) throw AppError.notFound(PROJECT_MESSAGES.notFound);
      const current = (await listProjectFiles(tx, id)).map((f) => ({ path: f.path, mimeType: f.mimeType, size: f.size, storageKey: f.storageKey }));
      let latest = await latestVersionNumber(tx, id);
      // Files published before versions existed (or with the project) are its first version.
      if (latest === 0 && current.length > 0) {
        await insertVersion(tx, { projectId: id, number: 1, files: current, createdAt: project.createdAt });
        latest = 1;
      }
      removed = await dropVersionFilesBefore(tx, id, latest);
      if (latest > 0) await keepVersionFiles(tx, id, latest, current);
      await replaceProjectFiles(tx, id, staged);
      await insertVersion(tx, { projectId: id, number: latest + 1, files: staged });
    });
  } catch (err) {
    await Promise.all(staged.map((f) => deps.storage.delete(f.storageKey).catch(() => undefined)));
    throw err;
  }
  await Promise.all(removed.map((key) => deps.storage.delete(key).catch(() => undefined)));
  await deps.events.emit('project:updated', { actorId: actor.id, projectId: id });
  const { versions } = await listProjectVersions(deps, actor, id);
  return { version: versions[0]! };
}
