import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { INITIAL_OFFSET, PAGE_SIZE } from '@shared/constants';
import type { TProject } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';
import { recommendedProjectsQueryKey } from '@web/lib/query-keys';

/** The first page of "More for you" (the server's page size, 8). */
export const getRecommendedProjects = () => apiJson<TProject[]>('GET', '/api/projects/recommended');

/** A later page, as infinite scroll asks for it; an empty page means the end. */
export const getRecommendedPage = (offset: number, limit: number) =>
  apiJson<TProject[]>('GET', `/api/projects/recommended?limit=${limit}&offset=${offset}`);

/**
 * "More for you" as pages: the first page is the plain list, then offsets 8, 16, ...
 * of 8 each; an empty page ends it.
 */
export const getRecommendedProjectsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: recommendedProjectsQueryKey,
    queryFn: ({ pageParam }) => (pageParam === 0 ? getRecommendedProjects() : getRecommendedPage(pageParam, PAGE_SIZE)),
    initialPageParam: 0,
    getNextPageParam: (last: TProject[], _all, param: number) =>
      param === 0 ? INITIAL_OFFSET : last.length === 0 ? undefined : param + PAGE_SIZE,
  });

/** Only asked for when signed in: a visitor has no recommendations. */
export function useRecommendedProjects({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...getRecommendedProjectsQueryOptions(), enabled });
}

/** Every page's projects in order, each project once. */
export function flattenPages(pages: readonly TProject[][] | undefined): TProject[] {
  const seen = new Set<number>();
  return (pages ?? []).flat().filter((p) => !seen.has(p.id) && !!seen.add(p.id));
}
