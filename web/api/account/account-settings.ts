import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAccountExport,
  TAccountSession,
  TChangeEmailRequest,
  TChangePasswordRequest,
  TDeleteAccountRequest,
  TMessageResponse,
} from '@shared/schemas/account';
import { apiJson } from '@web/lib/api-client';
import { accountSessionsQueryKey, dataExportsQueryKey } from '@web/lib/query-keys';
import { ACCOUNT_PATHS } from './account-links';

export const changePassword = (input: TChangePasswordRequest) => apiJson<TMessageResponse>('POST', ACCOUNT_PATHS.password, input);
export const changeEmail = (input: TChangeEmailRequest) => apiJson<TMessageResponse>('POST', ACCOUNT_PATHS.email, input);
export const deleteAccount = (input: TDeleteAccountRequest) => apiJson<{ message: string; purgeAfter: string }>('POST', ACCOUNT_PATHS.deleteAccount, input);

/** The member's signed-in sessions, read fresh each time the settings screen opens. */
export function useAccountSessions() {
  return useQuery({ queryKey: accountSessionsQueryKey, queryFn: () => apiJson<TAccountSession[]>('GET', ACCOUNT_PATHS.sessions), staleTime: 0 });
}

export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `${ACCOUNT_PATHS.sessions}/${encodeURIComponent(id)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}

export function useSignOutOthers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ ended: number }>('POST', ACCOUNT_PATHS.signOutOthers),
    onSettled: () => qc.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}

/** The member's data archives; looked at again every few seconds while one is being built. */
export function useDataExports() {
  return useQuery({
    queryKey: dataExportsQueryKey,
    queryFn: () => apiJson<TAccountExport[]>('GET', ACCOUNT_PATHS.exports),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((e) => e.status === 'pending') ? 3000 : false),
  });
}

export function useRequestDataExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<TAccountExport>('POST', ACCOUNT_PATHS.exports),
    onSuccess: () => qc.invalidateQueries({ queryKey: dataExportsQueryKey }),
  });
}

/** Where a ready archive downloads from (a plain link: the browser saves the ZIP). */
export const dataExportDownloadUrl = (id: string) => `${ACCOUNT_PATHS.exports}/${encodeURIComponent(id)}/download`;
