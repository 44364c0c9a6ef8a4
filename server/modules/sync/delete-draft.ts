import { isOwner } from '../../access/access-policy';
import { SYNC_MESSAGES } from '@shared/schemas/sync';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { UserRow } from '../users/users.repository';
import { lockDraft, writeDraft } from './drafts.repository';

/** Marks the member's draft deleted (a tombstone for every client); deleting twice is fine. */
export async function deleteDraft(deps: Pick<AppDeps, 'db'>, user: UserRow, id: string): Promise<{ success: true }> {
  await deps.db.transaction(async (tx) => {
    const current = await lockDraft(tx, id);
    if (!current || !isOwner(user, current.userId)) throw AppError.notFound(SYNC_MESSAGES.draftNotFound);
    if (!current.deleted) await writeDraft(tx, id, { deleted: true });
  });
  return { success: true };
}
