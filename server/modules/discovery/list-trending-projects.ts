import type { TProject } from '@shared/schemas/project';
import { TRENDING_LIMIT } from '@shared/schemas/discovery';
import type { Db } from '../../db/client';
import { toProject } from '../projects/project-view';
import { listTrendingProjectViews } from './discovery.repository';

export type DiscoveryDeps = { db: Db; previewOrigin?: string };

/** The Trending carousel, for everyone: the best stored trending scores, suspended authors left out. */
export async function listTrendingProjects(deps: DiscoveryDeps): Promise<TProject[]> {
  const rows = await listTrendingProjectViews(deps.db, TRENDING_LIMIT);
  return rows.map((r) => toProject(r, { previewOrigin: deps.previewOrigin }));
}
