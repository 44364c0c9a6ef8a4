import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TShareResult } from '@shared/schemas/interactions';
import type { TProject } from '@shared/schemas/project';
import { isQueued, sendWrite } from '@web/offline/outbox';
import { followingProjectsQueryKey, projectQueryKey } from '../query-keys';

export const shareProject = (id: string) =>
  sendWrite<TShareResult>({
    method: 'POST',
    url: `/api/projects/${encodeURIComponent(id)}/share`,
    label: 'Share',
    refresh: [projectQueryKey(id), ['/api/projects/following']],
  });

/** Shares into the member's followers' Following feed; the Following feed is refreshed after it (spec section 4). */
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
