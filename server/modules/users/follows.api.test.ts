import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, notifications, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function counts(userId: string) {
  const [row] = await t.database.db
    .select({ followerCount: users.followerCount, followingCount: users.followingCount })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

/** What the follows table says, to compare with the stored counters. */
async function actualCounts(userId: string) {
  const [followers] = await t.database.db.select({ n: count() }).from(follows).where(eq(follows.followingId, userId));
  const [following] = await t.database.db.select({ n: count() }).from(follows).where(eq(follows.followerId, userId));
  return { followerCount: followers!.n, followingCount: following!.n };
}

function followNotifications(userId: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'follow')));
}

describe('follow and unfollow', () => {
  it('when a member follows another, then both counts move, the status says so and the followed user is notified once', async () => {
    const fan = await t.signUp({ firstName: 'Fan', lastName: 'One' });
    const star = await t.signUp({ firstName: 'Star', lastName: 'Two' });
    expect((await fan.client.get(`/api/users/${star.user.handle}/follow-status`)).body).toEqual({ isFollowing: false });

    const res = await fan.client.post(`/api/users/${star.user.handle}/follow`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isFollowing: true, followerCount: 1, followingCount: 0 });
    expect((await fan.client.get(`/api/users/${star.user.handle}/follow-status`)).body).toEqual({ isFollowing: true });
    expect(await counts(star.user.id)).toEqual({ followerCount: 1, followingCount: 0 });
    expect(await counts(fan.user.id)).toEqual({ followerCount: 0, followingCount: 1 });
    expect((await fan.client.get(`/api/users/${star.user.handle}`)).body.followerCount).toBe(1);

    const rows = await followNotifications(star.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'New follower', message: 'Fan One started following you', actorId: fan.user.id, read: false });
    expect(await followNotifications(fan.user.id)).toHaveLength(0);
  });

  it('when a member follows twice, then it counts once and notifies once', async () => {
    const fan = await t.signUp();
    const star = await t.signUp();
    const first = await fan.client.post(`/api/users/${star.user.handle}/follow`);
    const second = await fan.client.post(`/api/users/${star.user.handle}/follow`);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await counts(star.user.id)).toEqual({ followerCount: 1, followingCount: 0 });
    expect(await counts(fan.user.id)).toEqual({ followerCount: 0, followingCount: 1 });
    expect(await followNotifications(star.user.id)).toHaveLength(1);
  });

  it('when the same follow arrives many times at once, then it still counts once and notifies once', async () => {
    const fan = await t.signUp();
    const star = await t.signUp();
    const replies = await Promise.all(Array.from({ length: 8 }, () => fan.client.post(`/api/users/${star.user.id}/follow`)));
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await counts(star.user.id)).toEqual({ followerCount: 1, followingCount: 0 });
    expect(await followNotifications(star.user.id)).toHaveLength(1);
  });

  it('when a member unfollows, then the counts go back and the status is false', async () => {
    const fan = await t.signUp();
    const star = await t.signUp();
    await fan.client.post(`/api/users/${star.user.handle}/follow`);
    const res = await fan.client.post(`/api/users/${star.user.handle}/unfollow`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isFollowing: false, followerCount: 0, followingCount: 0 });
    expect((await fan.client.get(`/api/users/${star.user.handle}/follow-status`)).body).toEqual({ isFollowing: false });
    expect(await counts(fan.user.id)).toEqual({ followerCount: 0, followingCount: 0 });
  });

  it('when a member unfollows someone they do not follow, then nothing changes and it is not an error', async () => {
    const fan = await t.signUp();
    const stranger = await t.signUp();
    const other = await t.signUp();
    await other.client.post(`/api/users/${stranger.user.handle}/follow`);
    const res = await fan.client.post(`/api/users/${stranger.user.handle}/unfollow`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isFollowing: false, followerCount: 1, followingCount: 0 });
    expect(await counts(fan.user.id)).toEqual({ followerCount: 0, followingCount: 0 });
    expect(await counts(stranger.user.id)).toEqual({ followerCount: 1, followingCount: 0 });
  });

  it('when the project page follows and unfollows by author id with POST and DELETE, then it works the same', async () => {
    const fan = await t.signUp();
    const author = await t.signUp();
    const on = await fan.client.post(`/api/users/${author.user.id}/follow`);
    expect(on.body).toEqual({ isFollowing: true, followerCount: 1, followingCount: 0 });
    expect((await fan.client.get(`/api/users/${author.user.id}/follow-status`)).body).toEqual({ isFollowing: true });
    const off = await fan.client.delete(`/api/users/${author.user.id}/follow`);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ isFollowing: false, followerCount: 0, followingCount: 0 });
    const again = await fan.client.delete(`/api/users/${author.user.id}/follow`);
    expect(again.status).toBe(200);
  });

  it('when a member tries to follow themselves, then 400 "You cannot follow yourself" and nothing is stored', async () => {
    const me = await t.signUp();
    for (const key of [me.user.handle, me.user.handle.toUpperCase(), me.user.id]) {
      const res = await me.client.post(`/api/users/${key}/follow`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'You cannot follow yourself' });
    }
    expect(await counts(me.user.id)).toEqual({ followerCount: 0, followingCount: 0 });
    expect(await followNotifications(me.user.id)).toHaveLength(0);
  });

  it('when a member asks for the follow status of their own handle, then it is refused', async () => {
    const me = await t.signUp();
    const res = await me.client.get(`/api/users/${me.user.handle}/follow-status`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'You cannot follow yourself' });
  });

  it('when the user to follow does not exist, then 404 "Profile not found"', async () => {
    const me = await t.signUp();
    for (const res of [
      await me.client.post('/api/users/no_such_user/follow'),
      await me.client.post('/api/users/no_such_user/unfollow'),
      await me.client.delete('/api/users/00000000-0000-4000-8000-000000000000/follow'),
      await me.client.get('/api/users/no_such_user/follow-status'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Profile not found' });
    }
  });

  it('when several members follow and unfollow each other at once, then every count matches the follows', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => t.signUp()));
    // Everyone follows everyone else at once (both directions of every pair race), some twice...
    await Promise.all(
      members.flatMap((a) =>
        members.filter((b) => b !== a).flatMap((b) => [a.client.post(`/api/users/${b.user.handle}/follow`), a.client.post(`/api/users/${b.user.id}/follow`)]),
      ),
    );
    for (const m of members) expect(await counts(m.user.id)).toEqual({ followerCount: 4, followingCount: 4 });
    // ...then the first two unfollow everyone while the others follow and unfollow the last member again.
    const [a, b, , , last] = members;
    await Promise.all([
      ...[a!, b!].flatMap((m) => members.filter((o) => o !== m).map((o) => m.client.post(`/api/users/${o.user.handle}/unfollow`))),
      ...members.slice(2, 4).flatMap((m) => [
        m.client.delete(`/api/users/${last!.user.id}/follow`),
        m.client.post(`/api/users/${last!.user.handle}/follow`),
        m.client.post(`/api/users/${last!.user.handle}/unfollow`),
      ]),
    ]);
    for (const m of members) expect(await counts(m.user.id), m.user.handle).toEqual(await actualCounts(m.user.id));
    expect(await counts(a!.user.id)).toEqual({ followerCount: 3, followingCount: 0 });
    expect(await counts(b!.user.id)).toEqual({ followerCount: 3, followingCount: 0 });
  });
});
