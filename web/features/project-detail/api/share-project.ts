import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TShareResult } from '@shared/schemas/interactions';
import type { TProject } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';
import { projectQueryKey } from './get-project';

export const shareProject = (id: string) => apiJson<TShareResult>('POST', `/api/projects/${encodeURIComponent(id)}/share`);

/** Shares into the member's followers' Following feed; the Following feed is refreshed after it (spec section 4). */
export function useShareProject(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => shareProject(id),
    onSuccess: async (result) => {
      qc.setQueryData<TProject>(projectQueryKey(id), (p) => (p ? { ...p, shareCount: result.shareCount } : p));
      await qc.invalidateQueries({ queryKey: ['/api/projects/following'] });
    },
  });
}
