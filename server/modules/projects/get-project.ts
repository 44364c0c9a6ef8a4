import { createHash } from 'node:crypto';
import { assertCanView } from '../../access/access-policy';
import { cacheKeys, PUBLIC_CACHE_TTL_MS, toCachedJson, type CachedJson, type PublicCache } from '../../cache/public-cache';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { withViewCount } from './project-view';
import { findProjectView } from './projects.repository';
import type { ViewCounter, ViewSourceKey } from '../../db/view-counter';

export type Viewer = { user: UserRow | undefined; ip: string };

/**
 * Members are counted by id, visitors by (a hash of) their address: nothing a client can change freely
 * (User-Agent, X-Forwarded-For without TRUST_PROXY) makes a new viewer, so views cannot be inflated.
 */
export function viewerKeyOf(viewer: Viewer): string {
  if (viewer.user) return `user:${viewer.user.id}`;
  let key = visitorKeys.get(viewer.ip);
  if (key === undefined) {
    // Bounded: a flood of new addresses only empties the memo, it never grows past the cap.
    if (visitorKeys.size >= VISITOR_KEYS_MAX) visitorKeys.clear();
    key = `anon:${createHash('sha256').update(viewer.ip).digest('hex')}`;
    visitorKeys.set(viewer.ip, key);
  }
  return key;
}

/** Visitors' keys by address: a sha256 on every page view was 3% of the server's time in `npm run bench`. */
const visitorKeys = new Map<string, string>();
const VISITOR_KEYS_MAX = 10_000;

/** Answers made per cached row and shown view count: a popular page is not mapped and serialised per view. */
const answers = new WeakMap<object, { unstored: number; json: CachedJson }>();

/**
 * A project's detail as its JSON answer (TProject); a suspended author's project is 'Content
 * Unavailable' except to admins and the author.
 */
export async function getProject(
  deps: { db: Db; previewOrigin?: string; cache?: PublicCache; views: ViewCounter },
  id: number,
  viewer: Viewer,
  source: ViewSourceKey = 'buildboard',
): Promise<CachedJson> {
  const load = async () => (await findProjectView(deps.db, id, deps.previewOrigin)) ?? null;
  type Row = Awaited<ReturnType<typeof load>>;
  const row = (deps.cache ? await deps.cache.read<Row>(cacheKeys.project(id), load, { ttlMs: PUBLIC_CACHE_TTL_MS.project }) : await load()) ?? undefined;
  assertCanView(viewer.user, 'project', row);
  // The answer counts the views noted here but not yet stored (this one included).
  const unstored = deps.views.view(id, viewerKeyOf(viewer), source);
  const made = answers.get(row);
  if (made?.unstored === unstored) return made.json;
  const json = toCachedJson((unstored ? withViewCount(row, row.viewCount + unstored) : row).card);
  answers.set(row, { unstored, json });
  return json;
}
