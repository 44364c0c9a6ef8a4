import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInteractions, TReactResult } from '@shared/schemas/interactions';
import type { TProject } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';
import { projectQueryKey } from './get-project';
import { interactionsQueryKey } from './get-interactions';

/** Like when not liked yet, else remove the like (spec section 4: toggles on hasReacted). */
export const toggleReaction = (id: string, hasReacted: boolean) =>
  apiJson<TReactResult>(hasReacted ? 'DELETE' : 'POST', `/api/projects/${encodeURIComponent(id)}/react`, { type: 'like' });

export function useToggleReaction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (hasReacted: boolean) => toggleReaction(id, hasReacted),
    onSuccess: (result) => {
      qc.setQueryData<TProject>(projectQueryKey(id), (p) => (p ? { ...p, reactionCount: result.reactionCount } : p));
      qc.setQueryData<TInteractions>(interactionsQueryKey(id), (i) => (i ? { ...i, hasReacted: result.hasReacted } : i));
    },
  });
}
