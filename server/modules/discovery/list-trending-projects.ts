import type { TProject } from '@shared/schemas/project';
import { TRENDING_LIMIT } from '@shared/schemas/discovery';
import type { LiveSearchIndex } from './search-index/live-search-index';
import type { Db } from '../../db/client';
import { listTrendingProjectCards } from './discovery.repository';

export type DiscoveryDeps = {
  db: Db;
  previewOrigin?: string;
  /** The instance's search index; without it (or while it loads) search asks PostgreSQL. */
  searchIndex?: LiveSearchIndex;
};

/**
 * The Trending carousel, for everyone: the best stored trending scores, suspended authors left out.
 * Each card says why: its decayed popularity, and the premium boost when its stored score carries it.
 */
export async function listTrendingProjects(deps: DiscoveryDeps): Promise<TProject[]> {
  const rows = await listTrendingProjectCards(deps.db, TRENDING_LIMIT, deps.previewOrigin);
  return rows.map((r) => ({ ...r.card, reasons: r.boosted ? ['popular', 'premium_boost'] : ['popular'] }));
}
