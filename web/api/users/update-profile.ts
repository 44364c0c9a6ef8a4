import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProfileUpdate, TUserProfile } from '@shared/schemas/user';
import { isQueued, sendWrite, type QueuedWrite } from '../writes/send-write';
import { userQueryKey, usersQueryKey } from '@web/lib/query-keys';

/** PATCH /api/user/profile with the Edit Profile form. */
export const updateProfile = (input: TProfileUpdate): Promise<TUserProfile | QueuedWrite> =>
  sendWrite<TUserProfile>({ kind: 'profile', input });

/** After a save the signed-in user (auth call) and every cached profile are fetched again. */
export function useUpdateProfile(opts: { onSuccess?: (profile: TUserProfile | null, input: TProfileUpdate) => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    networkMode: 'always',
    onSuccess: async (answer, input) => {
      // The caller closes the dialog (and follows a changed handle) before the refetch; null: queued offline.
      opts.onSuccess?.(isQueued(answer) ? null : answer, input);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
      ]);
    },
    onError: opts.onError,
  });
}
