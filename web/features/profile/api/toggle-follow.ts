import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFollowResult } from '@shared/schemas/user';
import { apiJson } from '@web/lib/api-client';
import { followStatusQueryKey } from './get-follow-status';
import { profileQueryKey } from './get-profile';

/** Unfollow when isFollowing is true, otherwise follow (spec section 4). */
export const toggleFollow = ({ handle, isFollowing }: { handle: string; isFollowing: boolean }): Promise<TFollowResult> =>
  apiJson<TFollowResult>('POST', `/api/users/${encodeURIComponent(handle)}/${isFollowing ? 'unfollow' : 'follow'}`);

/** On success the follow-status and the profile are fetched again. */
export function useToggleFollow(opts: { onSuccess?: (result: TFollowResult) => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFollow,
    onSuccess: async (result, { handle }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: followStatusQueryKey(handle) }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey(handle), exact: true }),
      ]);
      opts.onSuccess?.(result);
    },
    onError: opts.onError,
  });
}
