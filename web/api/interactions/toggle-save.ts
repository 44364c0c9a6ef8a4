import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInteractions, TSaveResult } from '@shared/schemas/interactions';
import type { TProject } from '@shared/schemas/project';
import { isQueued, sendWrite } from '../writes/send-write';
import { interactionsQueryKey, projectQueryKey, savedProjectsQueryKey } from '@web/lib/query-keys';

/** Save when not saved yet, else unsave (it toggles on hasSaved). */
export const toggleSave = (id: string, hasSaved: boolean) =>
  sendWrite<TSaveResult>({ kind: 'save', projectId: id, remove: hasSaved });

export function useToggleSave(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (hasSaved: boolean) => toggleSave(id, hasSaved),
    networkMode: 'always',
    onSuccess: async (answer, hadSaved) => {
      const saveCount = qc.getQueryData<TProject>(projectQueryKey(id))?.saveCount ?? 0;
      const result = isQueued(answer) ? { hasSaved: !hadSaved, saveCount: Math.max(0, saveCount + (hadSaved ? -1 : 1)) } : answer;
      qc.setQueryData<TProject>(projectQueryKey(id), (p) => (p ? { ...p, saveCount: result.saveCount } : p));
      qc.setQueryData<TInteractions>(interactionsQueryKey(id), (i) => (i ? { ...i, hasSaved: result.hasSaved } : i));
      await qc.invalidateQueries({ queryKey: savedProjectsQueryKey });
    },
  });
}
