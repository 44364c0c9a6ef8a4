import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProject } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';

export const recommendedProjectsQueryKey = ['/api/projects/recommended'] as const;

/** The first page of "More for you" (the server's page size, 8). */
export const getRecommendedProjects = () => apiJson<TProject[]>('GET', '/api/projects/recommended');

/** A later page, as infinite scroll asks for it; an empty page means the end. */
export const getRecommendedPage = (offset: number, limit: number) =>
  apiJson<TProject[]>('GET', `/api/projects/recommended?limit=${limit}&offset=${offset}`);

export const getRecommendedProjectsQueryOptions = () =>
  queryOptions({ queryKey: recommendedProjectsQueryKey, queryFn: getRecommendedProjects });

/** "More for you"; only asked for when signed in (spec section 6). */
export function useRecommendedProjects({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getRecommendedProjectsQueryOptions(), enabled });
}
