import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TAdminStats, TAdminUser, TAdminUserPage, TAuditEntry } from '@shared/schemas/admin';
import type { TProject } from '@shared/schemas/project';
import type { TUserProfile } from '@shared/schemas/user';
import { apiJson } from '@web/lib/api-client';

export type TAdminUserProfile = TUserProfile & { projectCount: number };
export type AdminUsersFilter = { q: string; status: 'all' | 'active' | 'suspended'; offset: number; limit: number };

export const adminStatsQueryKey = ['/api/admin/stats'] as const;
export const adminUsersQueryKey = (f: AdminUsersFilter) => ['/api/admin/users', 'list', f] as const;
export const adminUserQueryKey = (id: string) => ['/api/admin/users', id] as const;
export const adminUserProjectsQueryKey = (id: string) => ['/api/admin/users', id, 'projects'] as const;
export const adminUserAuditQueryKey = (id: string) => ['/api/admin/users', id, 'audit'] as const;

const userUrl = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

export const adminStatsQueryOptions = () =>
  queryOptions({ queryKey: adminStatsQueryKey, queryFn: () => apiJson<TAdminStats>('GET', '/api/admin/stats') });

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}

export function useAdminUsers(f: AdminUsersFilter) {
  return useQuery({
    queryKey: adminUsersQueryKey(f),
    queryFn: () => {
      const params = new URLSearchParams({ limit: String(f.limit), offset: String(f.offset), status: f.status });
      if (f.q.trim()) params.set('q', f.q.trim());
      return apiJson<TAdminUserPage>('GET', `/api/admin/users?${params.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
}

/** The admin profile view: its calls run only for admins (anyone else would only get 403s). */
export function useAdminUser(id: string, enabled: boolean) {
  return useQuery({ queryKey: adminUserQueryKey(id), queryFn: () => apiJson<TAdminUserProfile>('GET', userUrl(id)), enabled });
}

export function useAdminUserProjects(id: string, enabled: boolean) {
  return useQuery({ queryKey: adminUserProjectsQueryKey(id), queryFn: () => apiJson<TProject[]>('GET', `${userUrl(id)}/projects`), enabled });
}

export function useAdminUserAudit(id: string, enabled: boolean) {
  return useQuery({ queryKey: adminUserAuditQueryKey(id), queryFn: () => apiJson<TAuditEntry[]>('GET', `${userUrl(id)}/audit`), enabled });
}

/** After any admin change: every admin list and counter, and the member-facing lists it may hide. */
export function invalidateAdminData(qc: QueryClient) {
  return qc.invalidateQueries({
    predicate: (q) => {
      const key = String(q.queryKey[0] ?? '');
      return key.startsWith('/api/admin') || key.startsWith('/api/projects') || key.startsWith('/api/users') || key.startsWith('/api/blog');
    },
  });
}

export function useSuspendUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => apiJson<TAdminUser>('POST', `${userUrl(id)}/suspend`, { reason }),
    onSuccess: () => invalidateAdminData(qc),
  });
}

export function useUnsuspendUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<TAdminUser>('POST', `${userUrl(id)}/unsuspend`),
    onSuccess: () => invalidateAdminData(qc),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', userUrl(id)),
    onSuccess: () => invalidateAdminData(qc),
  });
}
