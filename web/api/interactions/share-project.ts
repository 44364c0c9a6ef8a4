import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TShareResult } from '@shared/schemas/interactions';
import type { TProject } from '@shared/schemas/project';
import { isQueued, sendWrite } from '../writes/send-write';
import { followingProjectsQueryKey, projectQueryKey } from '@web/lib/query-keys';

export const shareProject = (id: string) =>
  sendWrite<TShareResult>({ kind: 'share', projectId: id });

/** Shares into the member's followers' Following feed; the Following feed is refreshed after it. */
export function useShareProject(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => shareProject(id),
    networkMode: 'always',
    onSuccess: async (answer) => {
      if (isQueued(answer)) return;
      const result = answer;
      qc.setQueryData<TProject>(projectQueryKey(id), (p) => (p ? { ...p, shareCount: result.shareCount } : p));
      await qc.invalidateQueries({ queryKey: followingProjectsQueryKey });
    },
  });
}
