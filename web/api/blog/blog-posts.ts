import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TBlogPost, TBlogPostInput } from '@shared/schemas/admin';
import { apiJson } from '@web/lib/api-client';

import { blogPostQueryKey, blogPostsQueryKey, blogQueryKey } from '@web/lib/query-keys';
import { adminStatsQueryKey } from '../admin/admin-users';

/** GET /api/blog: for everyone, newest first. */
export function useBlogPosts(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: blogPostsQueryKey(page),
    queryFn: () => apiJson<TBlogPost[]>('GET', `/api/blog?limit=${page.limit}&offset=${page.offset}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/blog/{slug}, fetched only when a slug is present. */
export function useBlogPost(slug: string | undefined) {
  return useQuery({
    queryKey: blogPostQueryKey(slug ?? ''),
    queryFn: () => apiJson<TBlogPost>('GET', `/api/blog/${encodeURIComponent(slug!)}`),
    enabled: !!slug,
  });
}

const refresh = (qc: QueryClient) =>
  qc.invalidateQueries({ predicate: (q) => ([blogQueryKey[0], adminStatsQueryKey[0]] as string[]).includes(String(q.queryKey[0] ?? '')) });

export function useCreateBlogPost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TBlogPostInput) => apiJson<TBlogPost>('POST', '/api/admin/blog', input),
    onSuccess: () => refresh(qc),
  });
}

export function useUpdateBlogPost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: TBlogPostInput }) => apiJson<TBlogPost>('PUT', `/api/admin/blog/${id}`, input),
    onSuccess: () => refresh(qc),
  });
}

export function useDeleteBlogPost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<null>('DELETE', `/api/admin/blog/${id}`),
    onSuccess: () => refresh(qc),
  });
}
