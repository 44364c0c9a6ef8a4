import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInteractions, TSaveResult } from '@shared/schemas/interactions';
import type { TProject } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';
import { projectQueryKey } from './get-project';
import { interactionsQueryKey } from './get-interactions';

/** Save when not saved yet, else unsave (spec section 4: toggles on hasSaved). */
export const toggleSave = (id: string, hasSaved: boolean) =>
  apiJson<TSaveResult>(hasSaved ? 'DELETE' : 'POST', `/api/projects/${encodeURIComponent(id)}/save`);

export function useToggleSave(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (hasSaved: boolean) => toggleSave(id, hasSaved),
    onSuccess: async (result) => {
      qc.setQueryData<TProject>(projectQueryKey(id), (p) => (p ? { ...p, saveCount: result.saveCount } : p));
      qc.setQueryData<TInteractions>(interactionsQueryKey(id), (i) => (i ? { ...i, hasSaved: result.hasSaved } : i));
      await qc.invalidateQueries({ queryKey: ['/api/user/saved-projects'] });
    },
  });
}
