import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { follows, users } from '../../db/schema';

/**
 * Adds delta to the following user's followingCount and the followed user's followerCount. The two
 * rows are always updated in id order, so concurrent follows in both directions cannot deadlock.
 */
async function bumpFollowCounts(tx: DbOrTx, followerId: string, followingId: string, delta: 1 | -1) {
  const updates = [
    { id: followingId, set: { followerCount: sql`${users.followerCount} + ${delta}` } },
    { id: followerId, set: { followingCount: sql`${users.followingCount} + ${delta}` } },
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const u of updates) await tx.update(users).set(u.set).where(eq(users.id, u.id));
}

/** Stores the follow; answers whether it is new. Counters move only when a row was inserted. */
export function insertFollow(db: Db, followerId: string, followingId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(follows)
      .values({ followerId, followingId })
      .onConflictDoNothing({ target: [follows.followerId, follows.followingId] })
      .returning({ followerId: follows.followerId });
    if (inserted.length === 0) return false;
    await bumpFollowCounts(tx, followerId, followingId, 1);
    return true;
  });
}

/** Removes the follow; answers whether there was one. Counters move only when a row was deleted. */
export function deleteFollow(db: Db, followerId: string, followingId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
      .returning({ followerId: follows.followerId });
    if (deleted.length === 0) return false;
    await bumpFollowCounts(tx, followerId, followingId, -1);
    return true;
  });
}

export async function isFollowing(db: DbOrTx, followerId: string, followingId: string): Promise<boolean> {
  const rows = await db
    .select({ followerId: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
    .limit(1);
  return rows.length > 0;
}

export async function findFollowCounts(db: DbOrTx, userId: string): Promise<{ followerCount: number; followingCount: number } | undefined> {
  const [row] = await db
    .select({ followerCount: users.followerCount, followingCount: users.followingCount })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
