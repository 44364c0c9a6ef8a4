import type { TDraft, TDraftData } from '@shared/schemas/sync';
import type { DraftRow } from './drafts.repository';

export function toDraft(row: DraftRow): TDraft {
  return {
    id: row.id,
    data: row.data as TDraftData,
    revision: row.revision,
    publishedProjectId: row.publishedProjectId,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
