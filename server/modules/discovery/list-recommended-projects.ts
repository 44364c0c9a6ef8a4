import type { TRecommendedQuery } from '@shared/schemas/discovery';
import type { TProject } from '@shared/schemas/project';
import { toProject } from '../projects/project-view';
import {
  findVisibleProjectViews,
  readFreshRecommendationSnapshot,
  readRecommendationSnapshot,
  SNAPSHOT_REUSE_MS,
  storeRecommendationSnapshot,
} from './discovery.repository';
import type { DiscoveryDeps } from './list-trending-projects';

/**
 * "More for you", page by page. The first page (offset 0) ranks the member's recommendations afresh
 * and stores them as a snapshot, unless their snapshot is younger than SNAPSHOT_REUSE_MS (reloads and
 * remounts within that time reuse it); later pages read that snapshot, so paging never repeats or
 * skips a project however likes and scores move meanwhile. Past the end the page is empty.
 */
export async function listRecommendedProjects(
  deps: DiscoveryDeps,
  userId: string,
  page: TRecommendedQuery,
): Promise<TProject[]> {
  let ids =
    page.offset === 0
      ? await readFreshRecommendationSnapshot(deps.db, userId, page, SNAPSHOT_REUSE_MS)
      : await readRecommendationSnapshot(deps.db, userId, page);
  if (ids === null) {
    const all = await storeRecommendationSnapshot(deps.db, userId);
    ids = all.slice(page.offset, page.offset + page.limit);
  }
  const rows = await findVisibleProjectViews(deps.db, ids);
  return rows.map((r) => toProject(r, { previewOrigin: deps.previewOrigin }));
}
