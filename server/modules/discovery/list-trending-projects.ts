import type { TProject } from '@shared/schemas/project';
import type { TRankingReason } from '@shared/ranking-reasons';
import { TRENDING_LIMIT } from '@shared/schemas/discovery';
import type { Db } from '../../db/client';
import { toProject, type ProjectViewRow } from '../projects/project-view';
import { listTrendingProjectViews } from './discovery.repository';
import { boostedInScore } from './trending-score';

export type DiscoveryDeps = { db: Db; previewOrigin?: string };

/**
 * The Trending carousel, for everyone: the best stored trending scores, suspended authors left out.
 * Each card says why: its decayed popularity, and the premium boost when its stored score carries it.
 */
export async function listTrendingProjects(deps: DiscoveryDeps): Promise<TProject[]> {
  const rows = await listTrendingProjectViews(deps.db, TRENDING_LIMIT);
  return rows.map((r) => ({ ...toProject(r, { previewOrigin: deps.previewOrigin }), reasons: trendingReasons(r) }));
}

function trendingReasons(r: ProjectViewRow): TRankingReason[] {
  return boostedInScore(r.trendingScore, { ...r, createdAt: new Date(r.createdAt) }) ? ['popular', 'premium_boost'] : ['popular'];
}
