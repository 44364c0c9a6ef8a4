import type { TRecommendedQuery } from '@shared/schemas/discovery';
import { cachedJsonOfText, cacheKeys, PUBLIC_CACHE_TTL_MS, type CachedJson, type PublicCache } from '../../cache/public-cache';
import type { EventBus } from '../../events/domain-events';
import {
  extendRecommendationSnapshot,
  findRankedProjectCardsJson,
  FIRST_RANKING_SIZE,
  promoteNextRecommendationSnapshot,
  readRecommendationPage,
  storeRecommendationSnapshot,
  type RankedIds,
} from './discovery.repository';
import type { DiscoveryDeps } from './list-trending-projects';

type RecommendedDeps = DiscoveryDeps & { events: Pick<EventBus, 'emit'>; cache: PublicCache };
/** A page's cards (the JSON text of TProject[]) and the ids it was read from. */
type RecommendedPage = { cards: string; ids: number[] };

/**
 * "More for you", page by page, from the member's snapshot: later pages read it, so paging never repeats
 * or skips a project however likes and scores move meanwhile. A member's first page ever ranks now
 * (only the first FIRST_RANKING_SIZE projects: cheap). A first page that finds the snapshot older than
 * SNAPSHOT_REUSE_MS takes over the ranking made in the background since, or, when none waits, shows the
 * stale one at once and asks for a background ranking for the next first page (stale while revalidating:
 * no member waits for a ranking they already have an answer for). The first page that reaches past the
 * ranked projects ranks the rest and appends it. Past the end the page is empty.
 *
 * Each page is kept per member (PUBLIC_CACHE_TTL_MS.recommended) until a write changes a project it
 * shows, any write outside /api/projects/:id (a suspension, a premium change), or a new snapshot: one
 * that replaces the ranking drops all the member's cached pages, on every instance, before its page is
 * answered. A completed snapshot only appends, so the pages already cached stay right.
 */
export async function readRecommendedProjects(deps: RecommendedDeps, userId: string, page: TRecommendedQuery): Promise<CachedJson> {
  const load = async () => {
    const { cards, ids } = await listRecommendedProjects(deps, userId, page);
    return { json: cachedJsonOfText(cards), shows: ids };
  };
  return deps.cache.readJson(cacheKeys.recommended(userId, page), load, { ttlMs: PUBLIC_CACHE_TTL_MS.recommended, owner: userId });
}

export async function listRecommendedProjects(deps: RecommendedDeps, userId: string, page: TRecommendedQuery): Promise<RecommendedPage> {
  const end = page.offset + page.limit;
  // Each card carries the reasons its ranking stored beside it.
  const pageOf = async (all: RankedIds) => {
    const slice = { ids: all.ids.slice(page.offset, end), reasons: all.reasons?.slice(page.offset, end) ?? null };
    return { cards: await findRankedProjectCardsJson(deps.db, slice, deps.previewOrigin), ids: slice.ids };
  };
  // The member's other cached pages were read from the ranking just replaced.
  const replaced = (ranked: RankedIds) => {
    deps.cache.invalidate({ members: [userId] });
    return ranked;
  };
  const stored = await readRecommendationPage(deps.db, userId, page, deps.previewOrigin);
  if (!stored) return pageOf(replaced(await storeRecommendationSnapshot(deps.db, userId, end <= FIRST_RANKING_SIZE ? FIRST_RANKING_SIZE : undefined)));
  let answer: RecommendedPage = stored;
  let { length, complete } = stored;
  if (page.offset === 0 && !stored.fresh) {
    const next = stored.hasNext ? await promoteNextRecommendationSnapshot(deps.db, userId) : null;
    if (next) {
      answer = await pageOf(replaced(next));
      [length, complete] = [next.ids.length, false];
    } else {
      await deps.events.emit('recommendations:stale', { userId });
    }
  }
  if (!complete && end > length) answer = await pageOf(await extendRecommendationSnapshot(deps.db, userId));
  return answer;
}
