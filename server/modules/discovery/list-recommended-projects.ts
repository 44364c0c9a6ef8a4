import type { TRecommendedQuery } from '@shared/schemas/discovery';
import type { EventBus } from '../../events/domain-events';
import {
  extendRecommendationSnapshot,
  findVisibleProjectCardsJson,
  FIRST_RANKING_SIZE,
  promoteNextRecommendationSnapshot,
  readRecommendationPage,
  storeRecommendationSnapshot,
} from './discovery.repository';
import type { DiscoveryDeps } from './list-trending-projects';

/**
 * "More for you", page by page, from the member's snapshot: later pages read it, so paging never repeats
 * or skips a project however likes and scores move meanwhile. A member's first page ever ranks now
 * (only the first FIRST_RANKING_SIZE projects: cheap). A first page that finds the snapshot older than
 * SNAPSHOT_REUSE_MS takes over the ranking made in the background since, or, when none waits, shows the
 * stale one at once and asks for a background ranking for the next first page (stale while revalidating:
 * no member waits for a ranking they already have an answer for). The first page that reaches past the
 * ranked projects ranks the rest and appends it. Past the end the page is empty. Answers the JSON
 * text of the page's cards (TProject[]).
 */
export async function listRecommendedProjects(
  deps: DiscoveryDeps & { events: Pick<EventBus, 'emit'> },
  userId: string,
  page: TRecommendedQuery,
): Promise<string> {
  const end = page.offset + page.limit;
  const cardsOf = (ids: number[]) => findVisibleProjectCardsJson(deps.db, ids.slice(page.offset, end), deps.previewOrigin);
  const stored = await readRecommendationPage(deps.db, userId, page, deps.previewOrigin);
  if (!stored) return cardsOf(await storeRecommendationSnapshot(deps.db, userId, end <= FIRST_RANKING_SIZE ? FIRST_RANKING_SIZE : undefined));
  let { cards, length, complete } = stored;
  if (page.offset === 0 && !stored.fresh) {
    const next = stored.hasNext ? await promoteNextRecommendationSnapshot(deps.db, userId) : null;
    if (next) {
      cards = await cardsOf(next);
      [length, complete] = [next.length, false];
    } else {
      await deps.events.emit('recommendations:stale', { userId });
    }
  }
  if (!complete && end > length) cards = await cardsOf(await extendRecommendationSnapshot(deps.db, userId));
  return cards;
}
