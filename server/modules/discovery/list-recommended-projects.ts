import type { TRecommendedQuery } from '@shared/schemas/discovery';
import type { TProject } from '@shared/schemas/project';
import { toProject } from '../projects/project-view';
import {
  extendRecommendationSnapshot,
  findVisibleProjectViews,
  FIRST_RANKING_SIZE,
  readRecommendationPage,
  storeRecommendationSnapshot,
} from './discovery.repository';
import type { DiscoveryDeps } from './list-trending-projects';

/**
 * "More for you", page by page. The first page (offset 0) ranks the member's recommendations afresh
 * and stores them as a snapshot, unless their snapshot is younger than SNAPSHOT_REUSE_MS (reloads and
 * remounts within that time reuse it); later pages read that snapshot, so paging never repeats or
 * skips a project however likes and scores move meanwhile. A fresh ranking orders only the first
 * FIRST_RANKING_SIZE projects (cheap); the first page that reaches past them ranks the rest and
 * appends it. Past the end the page is empty.
 */
export async function listRecommendedProjects(
  deps: DiscoveryDeps,
  userId: string,
  page: TRecommendedQuery,
): Promise<TProject[]> {
  const end = page.offset + page.limit;
  const stored = await readRecommendationPage(deps.db, userId, page);
  let rows = stored?.rows ?? [];
  if (!stored || (page.offset === 0 && !stored.fresh)) {
    const ids = await storeRecommendationSnapshot(deps.db, userId, end <= FIRST_RANKING_SIZE ? FIRST_RANKING_SIZE : undefined);
    rows = await findVisibleProjectViews(deps.db, ids.slice(page.offset, end));
  } else if (!stored.complete && end > stored.length) {
    rows = await findVisibleProjectViews(deps.db, (await extendRecommendationSnapshot(deps.db, userId)).slice(page.offset, end));
  }
  return rows.map((r) => toProject(r, { previewOrigin: deps.previewOrigin }));
}
