/**
 * Every TanStack Query key of the web app, in one place. A key starts with the API path it reads, so
 * the default query function (api-client.ts getQueryFn) and prefix invalidation both work:
 * invalidating ['/api/users'] refreshes every profile, its projects and follow status. They sit in web/lib
 * because the offline store, below web/api, answers and refreshes queries by them too.
 */
export const userQueryKey = ['/api/auth/user'] as const;

export const projectQueryKey = (id: string) => ['/api/projects', id] as const;
export const myProjectsQueryKey = ['/api/user/projects'] as const;
export const projectFilesQueryKey = (id: number) => ['/api/projects', String(id), 'files'] as const;

export const commentsQueryKey = (id: string) => ['/api/projects', id, 'comments'] as const;
export const interactionsQueryKey = (id: string) => ['/api/projects', id, 'interactions'] as const;
export const userRatingQueryKey = (id: string) => ['/api/projects', id, 'user-rating'] as const;
export const recommendedQueryKey = (id: string) => ['/api/projects', id, 'recommended'] as const;
export const savedProjectsQueryKey = ['/api/user/saved-projects'] as const;

export const usersQueryKey = ['/api/users'] as const;
export const profileQueryKey = (key: string) => ['/api/users', key] as const;
export const userProjectsQueryKey = (key: string) => ['/api/users', key, 'projects'] as const;
export const followStatusQueryKey = (handle: string) => ['/api/users', handle, 'follow-status'] as const;

export const followingProjectsQueryKey = ['/api/projects/following'] as const;
export const trendingProjectsQueryKey = ['/api/projects/trending'] as const;
export const recommendedProjectsQueryKey = ['/api/projects/recommended'] as const;
export const searchQueryKey = (q: string) => ['/api/search', q] as const;

export const notificationsQueryKey = ['/api/notifications'] as const;
export const unreadCountQueryKey = ['/api/notifications/unread-count'] as const;
