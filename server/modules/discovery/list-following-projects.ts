import { FOLLOWING_LIMIT } from '@shared/schemas/discovery';
import { cachedJsonOfText, cacheKeys, PUBLIC_CACHE_TTL_MS, type CachedJson, type PublicCache } from '../../cache/public-cache';
import { listFollowingJson } from './discovery.repository';
import type { DiscoveryDeps } from './list-trending-projects';

/**
 * The Following carousel as its cached JSON answer (TProject[]): projects by people the member follows
 * and projects those people shared (carrying sharedBy, sharedByName and sharedAt), newest activity
 * first, each project once. Kept per member until a write could change it: one to a project it lists
 * (a like moves a counter), any project write by someone the member follows (a share adds an item), or
 * any write outside /api/projects/:id (a new project, a follow, a suspension, a profile edit).
 */
export async function readFollowingProjects(deps: DiscoveryDeps & { cache: PublicCache }, memberId: string): Promise<CachedJson> {
  const load = async () => {
    const feed = await listFollowingJson(deps.db, memberId, FOLLOWING_LIMIT, deps.previewOrigin);
    return { json: cachedJsonOfText(feed.json), shows: feed.projectIds, follows: feed.followedIds };
  };
  return deps.cache.readJson(cacheKeys.following(memberId), load, { ttlMs: PUBLIC_CACHE_TTL_MS.following, owner: memberId });
}
