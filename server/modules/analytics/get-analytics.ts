import { ANALYTICS_RANGES, type TAnalytics, type TAnalyticsQuery } from '@shared/schemas/analytics';
import { PREMIUM_MESSAGES } from '@shared/schemas/premium';
import { PROJECT_MESSAGES } from '@shared/schemas/project';
import { cacheKeys, PUBLIC_CACHE_TTL_MS, toCachedJson, type CachedJson } from '../../cache/public-cache';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { isPremiumNow } from '../../access/premium';
import type { UserRow } from '../users/users.repository';
import { authorProjects, dailyActivity, projectActivity, viewSources, type ActivityCounts } from './analytics.repository';
import { sourceCounts } from './view-source-counts';

const DAY_MS = 86_400_000;

const average = (c: ActivityCounts) => (c.ratings > 0 ? Math.round((c.ratingSum / c.ratings) * 10) / 10 : 0);

function counts(c: ActivityCounts) {
  return {
    views: Number(c.views),
    reactions: Number(c.reactions),
    saves: Number(c.saves),
    comments: Number(c.comments),
    shares: Number(c.shares),
    ratings: Number(c.ratings),
    averageRating: average({ ...c, ratings: Number(c.ratings), ratingSum: Number(c.ratingSum) }),
  };
}

const ZERO: ActivityCounts = { views: 0, reactions: 0, saves: 0, comments: 0, shares: 0, ratings: 0, ratingSum: 0 };

/**
 * Advanced analytics (premium only, else 403 'Premium required'): the creator's views, likes, saves,
 * comments, shares and ratings per UTC day of the last 7, 30 or 90 days (today included), the totals,
 * and each project's totals, most viewed first. `projectId` narrows the days to one own project.
 * Answered as its JSON, kept per creator, day, range and project until their counters move: a view
 * stored, a like, comment, rating or share counted (the creator's analytics go, on every instance), a
 * write to one of their projects (a save, a rename, a deletion), or any write outside /api/projects/:id.
 */
export async function readAnalytics(deps: Pick<AppDeps, 'db' | 'views' | 'cache'>, user: UserRow, query: TAnalyticsQuery, now: Date = new Date()): Promise<CachedJson> {
  await premiumWithViewsStored(deps, user, now);
  // The key's day is today's UTC date: tomorrow's answer has other days.
  const key = cacheKeys.analytics(user.id, now.toISOString().slice(0, 10), query.range, query.projectId ?? null);
  const load = async () => {
    const { analytics, projectIds } = await computeAnalytics(deps, user, query, now);
    return { json: toCachedJson(analytics), shows: projectIds };
  };
  return deps.cache.readJson(key, load, { ttlMs: PUBLIC_CACHE_TTL_MS.analytics, owner: user.id });
}

/** The same, read from the database every time (what a cache miss costs: `npm run bench:queries`). */
export async function getAnalytics(deps: Pick<AppDeps, 'db' | 'views'>, user: UserRow, query: TAnalyticsQuery, now: Date = new Date()): Promise<TAnalytics> {
  await premiumWithViewsStored(deps, user, now);
  return (await computeAnalytics(deps, user, query, now)).analytics;
}

async function premiumWithViewsStored(deps: Pick<AppDeps, 'views'>, user: UserRow, now: Date): Promise<void> {
  if (!isPremiumNow(user, now)) throw AppError.forbidden(PREMIUM_MESSAGES.premiumRequired);
  // The views this instance noted in the last second count too (storing them drops the cached answer).
  await deps.views.flush();
}

/** The answer, and the creator's projects it shows. */
async function computeAnalytics(
  deps: Pick<AppDeps, 'db'>,
  user: UserRow,
  query: TAnalyticsQuery,
  now: Date,
): Promise<{ analytics: TAnalytics; projectIds: number[] }> {
  const length = ANALYTICS_RANGES[query.range];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dayList = Array.from({ length }, (_, i) => new Date(today - (length - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  const from = dayList[0]!;

  const own = await authorProjects(deps.db, user.id);
  const projectId = query.projectId ?? null;
  if (projectId !== null && !own.some((p) => Number(p.id) === projectId)) throw AppError.notFound(PROJECT_MESSAGES.notFound);
  const ids = own.map((p) => Number(p.id));
  const [daily, perProjectRows, sources] = await Promise.all([
    dailyActivity(deps.db, projectId === null ? ids : [projectId], from),
    projectActivity(deps.db, ids, from),
    viewSources(deps.db, projectId === null ? ids : [projectId], from),
  ]);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const byProject = new Map(perProjectRows.map((r) => [Number(r.id), r]));
  const perProject = own
    .map((p) => ({ ...(byProject.get(Number(p.id)) ?? ZERO), id: Number(p.id), title: p.title }))
    .sort((a, b) => b.views - a.views || b.reactions - a.reactions || b.id - a.id);

  const sum = { ...ZERO };
  for (const d of daily) for (const k of Object.keys(sum) as (keyof ActivityCounts)[]) sum[k] += Number(d[k]);

  const analytics: TAnalytics = {
    range: query.range,
    projectId,
    days: dayList.map((date) => ({ date, ...counts(byDay.get(date) ?? ZERO) })),
    totals: counts(sum),
    projects: perProject.map((p) => ({ id: p.id, title: p.title, ...counts(p) })),
    sources: sourceCounts(sources),
  };
  return { analytics, projectIds: ids };
}
