// Direct-to-database setup for discovery's API tests: projects, follows, shares, likes, premium and
// suspension, without depending on other modules' routes.
import { eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ZProjectSchema } from '@shared/schemas/project';
import type { PublicCache } from '../cache/public-cache';
import type { Db } from '../db/client';
import { comments, follows, projects, reactions, shares, users } from '../db/schema';
import { insertProject } from './factories';
import type { TestClient } from './http-client';
import { refreshAllTrendingScores, refreshSearchWords, SNAPSHOT_REUSE_MS } from '../modules/discovery/discovery.repository';

export type NewProjectValues = Partial<typeof projects.$inferInsert>;

let serial = 0;

/** With the server's public cache, every change made here also drops the cached reads (as the API's writes do). */
export function discoveryKit(db: Db, cache?: PublicCache) {
  const kit = {
    project(authorId: string, values: NewProjectValues = {}) {
      serial += 1;
      return insertProject(db, authorId, { title: `Project ${serial}`, projectUrl: 'https://example.com/app', ...values });
    },
    async follow(followerId: string, followingId: string) {
      await db.insert(follows).values({ followerId, followingId });
    },
    async share(userId: string, projectId: number, sharedAt: Date) {
      await db
        .insert(shares)
        .values({ userId, projectId, sharedAt })
        .onConflictDoUpdate({ target: [shares.userId, shares.projectId], set: { sharedAt } });
    },
    async like(userId: string, projectId: number) {
      await db.insert(reactions).values({ userId, projectId });
      await db.update(projects).set({ reactionCount: sql`${projects.reactionCount} + 1` }).where(eq(projects.id, projectId));
    },
    async comment(userId: string, projectId: number, content: string) {
      const [row] = await db.insert(comments).values({ userId, projectId, content }).returning();
      return row!;
    },
    async premium(userId: string, expiresAt: Date | null = null) {
      await db.update(users).set({ isPremium: true, premiumExpiresAt: expiresAt }).where(eq(users.id, userId));
    },
    async suspend(userId: string) {
      await db.update(users).set({ isSuspended: true, suspendedReason: 'spam', suspendedAt: new Date() }).where(eq(users.id, userId));
    },
    async rename(userId: string, displayName: string) {
      await db.update(users).set({ displayName }).where(eq(users.id, userId));
    },
    async setCounts(ids: number[], values: NewProjectValues) {
      await db.update(projects).set(values).where(inArray(projects.id, ids));
    },
    async scores(ids: number[]): Promise<Map<number, number>> {
      const rows = await db.select({ id: projects.id, s: projects.trendingScore }).from(projects).where(inArray(projects.id, ids));
      return new Map(rows.map((r) => [r.id, r.s]));
    },
    /** As if SNAPSHOT_REUSE_MS had passed since the member's recommendations were ranked. */
    async ageRecommendations(userId: string) {
      const age = `${SNAPSHOT_REUSE_MS + 60_000} milliseconds`;
      await db.execute(sql`UPDATE recommendation_snapshots SET computed_at = now() - ${age}::interval WHERE user_id = ${userId}`);
    },
    /** What the scheduled job does: every trending score and the search lexicon. */
    async refresh() {
      await refreshAllTrendingScores(db);
      await refreshSearchWords(db, { since: null });
    },
  };
  if (!cache) return kit;
  // Every helper drops the cache after it ran.
  for (const [name, fn] of Object.entries(kit)) {
    (kit as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const result = await (fn as (...a: unknown[]) => Promise<unknown>)(...args);
      cache.invalidate({ all: true });
      return result;
    };
  }
  return kit;
}

/** Ids of an answer's projects, in order. */
export const idsOf = (list: { id: number }[]) => list.map((p) => p.id);

/** A page of recommendations (200, valid projects) as the ids in its order. */
export async function recommendedPage(client: TestClient, path = '/api/projects/recommended'): Promise<number[]> {
  const res = await client.get(path);
  expect(res.status, res.text).toBe(200);
  return idsOf(ZProjectSchema.array().parse(res.body));
}
