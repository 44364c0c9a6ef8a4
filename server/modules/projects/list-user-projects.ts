import type { TProject } from '@shared/schemas/project';
import { cacheKeys, PUBLIC_CACHE_TTL_MS, toCachedJson, type CachedJson } from '../../cache/public-cache';
import type { AppDeps } from '../../deps';
import { listProjectViewsByAuthor } from './projects.repository';

/** One author's projects, newest first: the signed-in member's own, or a profile's (after findVisibleUser). */
export async function listUserProjects(deps: Pick<AppDeps, 'db' | 'config'>, authorId: string): Promise<TProject[]> {
  const rows = await listProjectViewsByAuthor(deps.db, authorId, deps.config.PREVIEW_ORIGIN);
  return rows.map((r) => r.card);
}

/**
 * A profile's project list (the same for every viewer allowed to see the profile) as its cached JSON
 * answer; a write to any project it shows, or any write outside /api/projects/:id, drops it.
 */
export function readProfileProjects(deps: Pick<AppDeps, 'db' | 'config' | 'cache'>, authorId: string): Promise<CachedJson> {
  const load = async () => {
    const list = await listUserProjects(deps, authorId);
    return { json: toCachedJson(list), shows: list.map((p) => p.id) };
  };
  return deps.cache.readJson(cacheKeys.userProjects(authorId), load, { ttlMs: PUBLIC_CACHE_TTL_MS.profile });
}
