import { isOwner } from '../../access/access-policy';
import { ZProjectInputSchema, type TProject } from '@shared/schemas/project';
import { SYNC_MESSAGES } from '@shared/schemas/sync';
import { AppError } from '../../errors';
import { parse } from '../../http/validate';
import { createProject, type ProjectDeps } from '../projects/create-project';
import type { IncomingFile } from '../projects/native-files';
import { readProject } from '../projects/read-project';
import { isUniqueViolation } from '../../db/unique-violation';
import type { UserRow } from '../users/users.repository';
import { findDraft, findProjectIdByDraft, lockDraft, writeDraft } from './drafts.repository';

/** Records the published project on the draft (once) and answers the project. */
async function markPublished(deps: ProjectDeps, id: string, projectId: number): Promise<TProject> {
  await deps.db.transaction(async (tx) => {
    const draft = await lockDraft(tx, id);
    if (draft && draft.publishedProjectId === null) await writeDraft(tx, id, { publishedProjectId: projectId });
  });
  return readProject(deps, projectId);
}

/**
 * Turns the member's draft into a project exactly once: the draft id is stored on the project under a
 * unique index, so a second press, a retry after a lost answer or a race with another client answers
 * the project the first one made.
 */
export async function publishDraft(
  deps: ProjectDeps,
  user: UserRow,
  id: string,
  files: readonly IncomingFile[],
): Promise<{ project: TProject; created: boolean }> {
  const draft = await findDraft(deps.db, id);
  if (!draft || !isOwner(user, draft.userId)) throw AppError.notFound(SYNC_MESSAGES.draftNotFound);
  const existing = draft.publishedProjectId ?? (await findProjectIdByDraft(deps.db, id, user.id));
  if (existing !== undefined && existing !== null) return { project: await markPublished(deps, id, existing), created: false };
  if (draft.deleted) throw AppError.conflict(SYNC_MESSAGES.draftDeleted);
  const input = parse(ZProjectInputSchema, draft.data);
  try {
    const project = await createProject(deps, user, input, files, { draftId: id });
    return { project: await markPublished(deps, id, project.id), created: true };
  } catch (err) {
    if (!isUniqueViolation(err, 'projects_source_draft_unique')) throw err;
    const winner = await findProjectIdByDraft(deps.db, id, user.id);
    if (winner === undefined) throw err;
    return { project: await markPublished(deps, id, winner), created: false };
  }
}
