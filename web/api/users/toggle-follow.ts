import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFollowResult } from '@shared/schemas/user';
import { apiJson } from '@web/lib/api-client';
import { followingProjectsQueryKey, usersQueryKey } from '@web/lib/query-keys';

/**
 * Unfollow when isFollowing is true, otherwise follow. `handle` is a handle or a user
 * id (the project page follows its author by id).
 */
export const toggleFollow = ({ handle, isFollowing }: { handle: string; isFollowing: boolean }): Promise<TFollowResult> =>
  apiJson<TFollowResult>('POST', `/api/users/${encodeURIComponent(handle)}/${isFollowing ? 'unfollow' : 'follow'}`);

/**
 * On success every profile and follow status, the project pages' follow state (interactions) and the
 * Following feed are fetched again.
 */
export function useToggleFollow(opts: { onSuccess?: (result: TFollowResult) => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFollow,
    onSuccess: async (result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === '/api/projects' && q.queryKey[2] === 'interactions' }),
        queryClient.invalidateQueries({ queryKey: followingProjectsQueryKey }),
      ]);
      opts.onSuccess?.(result);
    },
    onError: opts.onError,
  });
}
