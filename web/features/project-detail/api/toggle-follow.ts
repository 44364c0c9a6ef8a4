import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { interactionsQueryKey } from './get-interactions';

/** Follow or unfollow the project's author (spec section 7: POST or DELETE /api/users/{authorId}/follow). */
export const toggleFollow = (authorId: string, isFollowing: boolean) =>
  apiRequest(isFollowing ? 'DELETE' : 'POST', `/api/users/${encodeURIComponent(authorId)}/follow`);

export function useToggleFollow(projectId: string, authorId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (isFollowing: boolean) => toggleFollow(authorId, isFollowing),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: interactionsQueryKey(projectId), exact: true }),
        qc.invalidateQueries({ queryKey: ['/api/users'] }),
        qc.invalidateQueries({ queryKey: ['/api/projects/following'] }),
      ]);
    },
  });
}
