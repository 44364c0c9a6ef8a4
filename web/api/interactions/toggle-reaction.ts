import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInteractions, TReactResult } from '@shared/schemas/interactions';
import type { TProject } from '@shared/schemas/project';
import { isQueued, sendWrite } from '../writes/send-write';
import { interactionsQueryKey, projectQueryKey } from '@web/lib/query-keys';

/** Like when not liked yet, else remove the like (it toggles on hasReacted). */
export const toggleReaction = (id: string, hasReacted: boolean) =>
  sendWrite<TReactResult>({ kind: 'reaction', projectId: id, remove: hasReacted });

function optimisticReaction(p: TProject | undefined, hadReacted: boolean): TReactResult {
  return { hasReacted: !hadReacted, reactionCount: Math.max(0, (p?.reactionCount ?? 0) + (hadReacted ? -1 : 1)) };
}

export function useToggleReaction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (hasReacted: boolean) => toggleReaction(id, hasReacted),
    // Runs offline too: the write is queued and shown as pending until it is sent.
    networkMode: 'always',
    onSuccess: (answer, hadReacted) => {
      const result = isQueued(answer) ? optimisticReaction(qc.getQueryData<TProject>(projectQueryKey(id)), hadReacted) : answer;
      qc.setQueryData<TProject>(projectQueryKey(id), (p) => (p ? { ...p, reactionCount: result.reactionCount } : p));
      qc.setQueryData<TInteractions>(interactionsQueryKey(id), (i) => (i ? { ...i, hasReacted: result.hasReacted } : i));
    },
  });
}
