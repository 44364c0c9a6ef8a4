import { isOwner } from '../../access/access-policy';
import { SYNC_MESSAGES, type TDraft, type TDraftPush } from '@shared/schemas/sync';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { UserRow } from '../users/users.repository';
import { toDraft } from './draft-view';
import { insertDraft, lockDraft, writeDraft, type DraftRow } from './drafts.repository';

/** A 409 that carries the server's draft, so the client can keep the newer edit. */
export function draftConflict(message: string, current: DraftRow): AppError {
  return new AppError('CONFLICT', message, { current: toDraft(current) });
}

/**
 * Writes a draft from a client that based its edit on `assumedRevision` (null: a new draft). When the
 * server's draft moved on, nothing is written and the answer is a conflict with the server's version.
 */
export async function pushDraft(deps: Pick<AppDeps, 'db'>, user: UserRow, id: string, push: TDraftPush): Promise<TDraft> {
  return deps.db.transaction(async (tx) => {
    const current = await lockDraft(tx, id);
    if (!current) {
      const created = await insertDraft(tx, { id, userId: user.id, data: push.data });
      // Taken by a concurrent push of the same new draft: answer as a conflict on the next try.
      if (!created) throw AppError.conflict(SYNC_MESSAGES.draftConflict);
      return toDraft(created);
    }
    if (!isOwner(user, current.userId)) throw AppError.notFound(SYNC_MESSAGES.draftNotFound);
    if (current.deleted) throw draftConflict(SYNC_MESSAGES.draftDeleted, current);
    if (current.publishedProjectId !== null) throw draftConflict(SYNC_MESSAGES.draftPublished, current);
    if (push.assumedRevision !== current.revision) throw draftConflict(SYNC_MESSAGES.draftConflict, current);
    return toDraft(await writeDraft(tx, id, { data: push.data }));
  });
}
