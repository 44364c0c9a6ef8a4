import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProfileUpdate, TUserProfile } from '@shared/schemas/user';
import { apiJson } from '@web/lib/api-client';
import { userQueryKey } from '@web/lib/use-user';

/** PATCH /api/user/profile with the Edit Profile form. */
export const updateProfile = (input: TProfileUpdate): Promise<TUserProfile> => apiJson<TUserProfile>('PATCH', '/api/user/profile', input);

/** After a save the signed-in user (auth call) and every cached profile are fetched again. */
export function useUpdateProfile(opts: { onSuccess?: (profile: TUserProfile) => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      // The caller closes the dialog (and follows a changed handle) before the refetch.
      opts.onSuccess?.(profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/users'] }),
      ]);
    },
    onError: opts.onError,
  });
}
