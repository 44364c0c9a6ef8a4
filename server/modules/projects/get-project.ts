import { createHash } from 'node:crypto';
import { VIEW_THROTTLE_MS } from '@shared/constants';
import type { TProject } from '@shared/schemas/project';
import { assertCanView } from '../../access/access-policy';
import { cacheKeys, PUBLIC_CACHE_TTL_MS, type PublicCache } from '../../cache/public-cache';
import type { Db } from '../../db/client';
import { recordProjectActivity } from '../analytics/analytics.repository';
import type { UserRow } from '../users/users.repository';
import { toProject } from './project-view';
import { countProjectView, findProjectView } from './projects.repository';

export type Viewer = { user: UserRow | undefined; ip: string };

/**
 * Members are counted by id, visitors by (a hash of) their address: nothing a client can change freely
 * (User-Agent, X-Forwarded-For without TRUST_PROXY) makes a new viewer (issue 11).
 */
export function viewerKeyOf(viewer: Viewer): string {
  if (viewer.user) return `user:${viewer.user.id}`;
  return `anon:${createHash('sha256').update(viewer.ip).digest('hex')}`;
}

/** A project's detail; a suspended author's project is 'Content Unavailable' except to admins and the author. */
export async function getProject(
  deps: { db: Db; previewOrigin?: string; now?: () => Date; cache?: PublicCache },
  id: number,
  viewer: Viewer,
): Promise<TProject> {
  const load = async () => (await findProjectView(deps.db, id)) ?? null;
  type Row = Awaited<ReturnType<typeof load>>;
  const row = (deps.cache ? await deps.cache.read<Row>(cacheKeys.project(id), PUBLIC_CACHE_TTL_MS.project, load) : await load()) ?? undefined;
  assertCanView(viewer.user, 'project', row);
  const now = deps.now?.() ?? new Date();
  const viewCount = await countProjectView(deps.db, id, viewerKeyOf(viewer), now, VIEW_THROTTLE_MS);
  if (viewCount !== null) {
    await recordProjectActivity(deps.db, id, 'views');
    deps.cache?.update<Row>(cacheKeys.project(id), (r) => (r ? { ...r, viewCount } : r));
  }
  return toProject(viewCount === null ? row : { ...row, viewCount }, { previewOrigin: deps.previewOrigin });
}
