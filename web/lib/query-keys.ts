import type { TSearchSection } from '@shared/schemas/discovery';

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
/** One section's pages after the first, as 'Show more' asks for them. */
export const searchMoreQueryKey = (q: string, section: TSearchSection) => ['/api/search', q, section] as const;

export const notificationsQueryKey = ['/api/notifications'] as const;
export const unreadCountQueryKey = ['/api/notifications/unread-count'] as const;

export const blogQueryKey = ['/api/blog'] as const;
export const blogPostsQueryKey = (page: { limit: number; offset: number }) => ['/api/blog', 'list', page] as const;
export const blogPostQueryKey = (slug: string) => ['/api/blog', slug] as const;

/** The reads the offline store keeps, by kind (a kind is evicted and refreshed together). */
export type KeptKind = 'user' | 'feed' | 'project' | 'project-extra' | 'profile' | 'own' | 'notifications' | 'blog';

const rootsOf = (...keys: (readonly unknown[])[]) => new Set(keys.map((k) => String(k[0])));
const partsOf = (...keys: ((id: string) => readonly unknown[])[]) => new Set(keys.map((k) => String(k('')[2])));
const FEEDS = rootsOf(followingProjectsQueryKey, trendingProjectsQueryKey, recommendedProjectsQueryKey);
const OWN = rootsOf(savedProjectsQueryKey, myProjectsQueryKey);
const NOTIFICATIONS = rootsOf(notificationsQueryKey, unreadCountQueryKey);
const PROJECT_EXTRAS = partsOf(commentsQueryKey, interactionsQueryKey, userRatingQueryKey, recommendedQueryKey);
const PROFILE_PARTS = partsOf(userProjectsQueryKey, followStatusQueryKey);

/** The kind of a read the offline store keeps, from the key builders above; null for reads it does not keep. */
export function keptKindOf(queryKey: readonly unknown[]): KeptKind | null {
  // A key may end in an options object (the blog list's page): its path parts decide its kind.
  const end = queryKey.findIndex((p) => typeof p !== 'string' && typeof p !== 'number');
  const [root, id, part, ...more] = (end === -1 ? queryKey : queryKey.slice(0, end)).map(String);
  if (root === undefined || more.length > 0) return null;
  const single = id === undefined;
  if (root === userQueryKey[0]) return single ? 'user' : null;
  if (FEEDS.has(root)) return single ? 'feed' : null;
  if (OWN.has(root)) return single ? 'own' : null;
  if (NOTIFICATIONS.has(root)) return single ? 'notifications' : null;
  if (root === blogQueryKey[0]) return id !== '' && part === undefined ? 'blog' : null;
  if (root === projectQueryKey('')[0] && id !== undefined && /^\d+$/.test(id)) return part === undefined ? 'project' : PROJECT_EXTRAS.has(part) ? 'project-extra' : null;
  if (root === usersQueryKey[0] && id) return part === undefined || PROFILE_PARTS.has(part) ? 'profile' : null;
  return null;
}

/** The member's own account screens: never kept on the device. */
export const accountSessionsQueryKey = ['/api/account/sessions'] as const;
export const dataExportsQueryKey = ['/api/account/exports'] as const;
export const notificationSettingsQueryKey = ['/api/notification-settings'] as const;
