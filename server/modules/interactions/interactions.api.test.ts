import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAX } from '@shared/constants';
import { ZCommentSchema, ZInteractionsSchema, ZRecommendedProjectSchema } from '@shared/schemas/interactions';
import { ZProjectSchema } from '@shared/schemas/project';
import { follows, notifications, projects, ratings, shares, users } from '../../db/schema';
import { insertProject } from '../../test/factories';
import { insertComment } from './interactions.repository';
import { startTestServer, type TestServer } from '../../test/harness';
import type { TestClient } from '../../test/http-client';

const ADMIN_EMAIL = 'admin-h5@example.com';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
});
afterAll(() => t.close());

const seedProject = (authorId: string, values: Partial<typeof projects.$inferInsert> = {}) =>
  insertProject(t.database.db, authorId, {
    title: 'Snake in WebGL',
    description: 'The classic game on the GPU',
    category: 'Game Development',
    projectUrl: 'https://snake.example.com',
    ...values,
  });

async function projectRow(id: number) {
  const [row] = await t.database.db.select().from(projects).where(eq(projects.id, id));
  return row!;
}

function notificationsOf(userId: string) {
  return t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
}

/** Two projects of an author in good standing, and one of a suspended author. */
async function openAndHiddenProjects() {
  const [open, suspended] = await Promise.all([t.signUp(), t.signUp()]);
  const a = await seedProject(open.user.id);
  const b = await seedProject(open.user.id, { title: 'Second' });
  const hidden = await seedProject(suspended.user.id, { title: 'Hidden' });
  await t.database.db.update(users).set({ isSuspended: true }).where(eq(users.id, suspended.user.id));
  return { a, b, hidden };
}

async function members(n: number): Promise<TestClient[]> {
  return (await Promise.all(Array.from({ length: n }, () => t.signUp()))).map((m) => m.client);
}

async function suspend(userId: string) {
  await t.database.db.update(users).set({ isSuspended: true, suspendedReason: 'spam', suspendedAt: new Date() }).where(eq(users.id, userId));
}

describe('likes', () => {
  it('when a member likes, likes again and removes the like twice, then the count goes 1, 1, 0, 0', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const { client } = await t.signUp();

    const first = await client.post(`/api/projects/${p.id}/react`, { type: 'like' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ hasReacted: true, reactionCount: 1 });
    expect((await client.post(`/api/projects/${p.id}/react`, { type: 'like' })).body).toEqual({ hasReacted: true, reactionCount: 1 });
    expect((await client.get(`/api/projects/${p.id}/interactions`)).body).toMatchObject({ hasReacted: true });

    const removed = await client.delete(`/api/projects/${p.id}/react`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ hasReacted: false, reactionCount: 0 });
    const again = await client.delete(`/api/projects/${p.id}/react`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ hasReacted: false, reactionCount: 0 });
    expect((await projectRow(p.id)).reactionCount).toBe(0);
  });

  it('when 20 members like at once, then the project has exactly 20 likes; when they all unlike at once, 0', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const clients = await members(20);

    const likes = await Promise.all(clients.map((c) => c.post(`/api/projects/${p.id}/react`, { type: 'like' })));
    expect(likes.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await projectRow(p.id)).reactionCount).toBe(20);
    expect((await t.client().get(`/api/projects/${p.id}`)).body.reactionCount).toBe(20);

    // The same 20 pressing like again, and twice at once, change nothing.
    await Promise.all(clients.flatMap((c) => [c.post(`/api/projects/${p.id}/react`, { type: 'like' }), c.post(`/api/projects/${p.id}/react`, { type: 'like' })]));
    expect((await projectRow(p.id)).reactionCount).toBe(20);

    await Promise.all(clients.flatMap((c) => [c.delete(`/api/projects/${p.id}/react`), c.delete(`/api/projects/${p.id}/react`)]));
    expect((await projectRow(p.id)).reactionCount).toBe(0);
  });

  it('when a member double-clicks like (both at once, likely one shared statement), then it counts once and the author gets one notification', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const { client } = await t.signUp();
    const [a, b] = await Promise.all([client.post(`/api/projects/${p.id}/react`, { type: 'like' }), client.post(`/api/projects/${p.id}/react`, { type: 'like' })]);
    expect([a.body, b.body]).toEqual([{ hasReacted: true, reactionCount: 1 }, { hasReacted: true, reactionCount: 1 }]);
    expect((await projectRow(p.id)).reactionCount).toBe(1);
    expect((await notificationsOf(author.user.id)).filter((n) => n.type === 'like')).toHaveLength(1);
  });

  it('when likes and saves on open, missing and suspended authors\' projects arrive at once, then each gets its own answer and each project its own counts', async () => {
    const { a, b, hidden } = await openAndHiddenProjects();
    const clients = await members(8);
    const targets = [a.id, b.id, 999_999, hidden.id, a.id, b.id, a.id, 999_999];
    const [likes, saves] = await Promise.all([
      Promise.all(clients.map((c, i) => c.post(`/api/projects/${targets[i]}/react`, { type: 'like' }))),
      Promise.all(clients.map((c, i) => c.post(`/api/projects/${targets[i]}/save`))),
    ]);
    for (const answers of [likes, saves]) {
      answers.forEach((res, i) => {
        if (targets[i] === 999_999) expect([res.status, res.body.message]).toEqual([404, 'Project not found']);
        else if (targets[i] === hidden.id) expect([res.status, res.body.message]).toEqual([403, 'Content Unavailable']);
        else expect(res.status).toBe(200);
      });
    }
    const [rowA, rowB, rowHidden] = await Promise.all([projectRow(a.id), projectRow(b.id), projectRow(hidden.id)]);
    expect([rowA.reactionCount, rowA.saveCount, rowB.reactionCount, rowB.saveCount, rowHidden.reactionCount, rowHidden.saveCount]).toEqual([3, 3, 2, 2, 0, 0]);
  });

  it('when the reaction type is not like, then 400 with a clear message; when it is missing, a like', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const { client } = await t.signUp();
    const bad = await client.post(`/api/projects/${p.id}/react`, { type: 'love' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Reaction type must be "like"' });
    expect((await client.post(`/api/projects/${p.id}/react`)).body).toEqual({ hasReacted: true, reactionCount: 1 });
  });
});

describe('saves and the Saved list', () => {
  it('when a member saves twice and unsaves twice, then saveCount goes 1, 1, 0, 0 and the Saved list follows', async () => {
    const author = await t.signUp({ firstName: 'Ada', lastName: 'Lovelace' });
    const older = await seedProject(author.user.id, { title: 'Older' });
    const newer = await seedProject(author.user.id, { title: 'Newer', cost: 0 });
    const { client } = await t.signUp();

    expect((await client.post(`/api/projects/${older.id}/save`)).body).toEqual({ hasSaved: true, saveCount: 1 });
    expect((await client.post(`/api/projects/${older.id}/save`)).body).toEqual({ hasSaved: true, saveCount: 1 });
    await new Promise((r) => setTimeout(r, 5));
    await client.post(`/api/projects/${newer.id}/save`);

    const saved = await client.get('/api/user/saved-projects');
    expect(saved.status).toBe(200);
    expect(saved.body.map((p: { title: string }) => p.title)).toEqual(['Newer', 'Older']);
    expect(ZProjectSchema.strict().parse(saved.body[0])).toMatchObject({ authorName: 'Ada Lovelace', saveCount: 1, cost: 0 });
    expect((await client.get(`/api/projects/${older.id}/interactions`)).body).toMatchObject({ hasSaved: true });

    expect((await client.delete(`/api/projects/${older.id}/save`)).body).toEqual({ hasSaved: false, saveCount: 0 });
    expect((await client.delete(`/api/projects/${older.id}/save`)).body).toEqual({ hasSaved: false, saveCount: 0 });
    expect((await client.get('/api/user/saved-projects')).body.map((p: { title: string }) => p.title)).toEqual(['Newer']);
    expect((await projectRow(older.id)).saveCount).toBe(0);
  });

  it('when 10 members save at once, then saveCount is exactly 10', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const clients = await members(10);
    await Promise.all(clients.map((c) => c.post(`/api/projects/${p.id}/save`)));
    expect((await projectRow(p.id)).saveCount).toBe(10);
  });

  it("when a saved project's author is suspended, then it leaves the member's Saved list", async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const { client } = await t.signUp();
    await client.post(`/api/projects/${p.id}/save`);
    expect((await client.get('/api/user/saved-projects')).body).toHaveLength(1);
    await suspend(author.user.id);
    expect((await client.get('/api/user/saved-projects')).body).toEqual([]);
  });
});

describe('comments', () => {
  it('when a member posts a padded comment, then it is stored trimmed, counted and listed newest first with the writer', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const { client, user } = await t.signUp({ firstName: 'Grace', lastName: 'Hopper' });

    const first = await client.post(`/api/projects/${p.id}/comments`, { content: '  Lovely shaders!  ' });
    expect(first.status).toBe(201);
    expect(ZCommentSchema.strict().parse(first.body)).toMatchObject({
      projectId: p.id,
      content: 'Lovely shaders!',
      userId: user.id,
      userName: 'Grace Hopper',
      userHandle: user.handle,
      userAvatar: null,
      userIsPremium: false,
    });
    await client.post(`/api/projects/${p.id}/comments`, { content: 'Second thought' });

    const list = await t.client().get(`/api/projects/${p.id}/comments`);
    expect(list.status).toBe(200);
    expect(list.body.map((c: { content: string }) => c.content)).toEqual(['Second thought', 'Lovely shaders!']);
    expect((await projectRow(p.id)).commentCount).toBe(2);
  });

  it('when the comment is blank after trimming, missing or longer than 5,000 characters, then 400 with a clear message', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const { client } = await t.signUp();
    const blank = await client.post(`/api/projects/${p.id}/comments`, { content: '   \n\t ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ message: 'Comment cannot be empty' });
    const missing = await client.post(`/api/projects/${p.id}/comments`, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Required' });
    const long = await client.post(`/api/projects/${p.id}/comments`, { content: 'x'.repeat(COMMENT_MAX + 1) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: 'Comment must be 5,000 characters or less' });
    const exact = await client.post(`/api/projects/${p.id}/comments`, { content: ` ${'x'.repeat(COMMENT_MAX)} ` });
    expect(exact.status).toBe(201);
    expect(exact.body.content).toHaveLength(COMMENT_MAX);
    expect((await projectRow(p.id)).commentCount).toBe(1);
  });

  it('when a comment contains HTML, then it is stored and returned as the exact plain text, never as markup', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const { client } = await t.signUp();
    const content = '<script>alert("x")</script><img src=x onerror=alert(1)> & done';
    const res = await client.post(`/api/projects/${p.id}/comments`, { content });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.content).toBe(content);
    const list = await client.get(`/api/projects/${p.id}/comments`);
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect(list.body[0].content).toBe(content);
  });

  it('when 15 members comment at once, then commentCount is exactly 15', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const clients = await members(15);
    await Promise.all(clients.map((c, i) => c.post(`/api/projects/${p.id}/comments`, { content: `comment ${i}` })));
    expect((await projectRow(p.id)).commentCount).toBe(15);
    expect((await t.client().get(`/api/projects/${p.id}/comments`)).body).toHaveLength(15);
  });

  it('when comments on open, missing and suspended authors\' projects arrive at once, then each gets its own answer and each project counts its own', async () => {
    const { a, b, hidden } = await openAndHiddenProjects();
    const clients = await members(9);
    // Posted together, so the server stores them in shared statements (one per turn of its event loop).
    const targets = [a.id, b.id, 999_999, a.id, hidden.id, b.id, a.id, 999_999, b.id];
    const answers = await Promise.all(clients.map((c, i) => c.post(`/api/projects/${targets[i]}/comments`, { content: `note ${i}` })));
    answers.forEach((res, i) => {
      if (targets[i] === 999_999) expect([res.status, res.body.message]).toEqual([404, 'Project not found']);
      else if (targets[i] === hidden.id) expect([res.status, res.body.message]).toEqual([403, 'Content Unavailable']);
      else expect(ZCommentSchema.parse(res.body)).toMatchObject({ projectId: targets[i], content: `note ${i}` });
    });
    const ids = answers.filter((r) => r.status === 201).map((r) => r.body.id);
    expect(new Set(ids).size).toBe(6);
    expect([(await projectRow(a.id)).commentCount, (await projectRow(b.id)).commentCount, (await projectRow(hidden.id)).commentCount]).toEqual([3, 3, 0]);
    const listed = (await t.client().get(`/api/projects/${a.id}/comments`)).body as { id: number; content: string }[];
    expect(listed.map((c) => c.content).sort()).toEqual(['note 0', 'note 3', 'note 6']);
  });

  it('when one comment of a batch cannot be stored, then only that one fails and the others are stored', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const writers = (await Promise.all([t.signUp(), t.signUp()])).map((m) => ({ ...m.user, profileImageUrl: null, premiumExpiresAt: null }) as never);
    // A writer whose account is gone by the time of the insert: its foreign key fails the shared statement.
    const gone = { id: '00000000-0000-4000-8000-000000000000', handle: 'gone' } as never;
    const results = await Promise.allSettled([
      insertComment(t.database.db, { projectId: p.id, content: 'first', anyAuthor: false }, writers[0]!),
      insertComment(t.database.db, { projectId: p.id, content: 'lost', anyAuthor: false }, gone),
      insertComment(t.database.db, { projectId: p.id, content: 'second', anyAuthor: false }, writers[1]!),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await projectRow(p.id)).commentCount).toBe(2);
  });
});

describe('ratings', () => {
  it('when members rate 5, 4 and 4, then the average has one decimal (4.3) over 3 ratings', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const [a, b, c] = await members(3);
    expect((await a!.post(`/api/projects/${p.id}/rate`, { rating: 5 })).body).toEqual({ rating: 5, averageRating: 5, ratingCount: 1 });
    await b!.post(`/api/projects/${p.id}/rate`, { rating: 4 });
    const last = await c!.post(`/api/projects/${p.id}/rate`, { rating: 4 });
    expect(last.status).toBe(200);
    expect(last.body).toEqual({ rating: 4, averageRating: 4.3, ratingCount: 3 });
    const detail = await t.client().get(`/api/projects/${p.id}`);
    expect(detail.body).toMatchObject({ averageRating: 4.3, ratingCount: 3 });
  });

  it("when a member rates again, then their rating is replaced: ratingCount stays and the average moves", async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const [a, b] = await members(2);
    expect((await a!.get(`/api/projects/${p.id}/user-rating`)).body).toEqual({ rating: null });
    await a!.post(`/api/projects/${p.id}/rate`, { rating: 2 });
    await b!.post(`/api/projects/${p.id}/rate`, { rating: 5 });
    const replaced = await a!.post(`/api/projects/${p.id}/rate`, { rating: 4 });
    expect(replaced.body).toEqual({ rating: 4, averageRating: 4.5, ratingCount: 2 });
    expect((await a!.get(`/api/projects/${p.id}/user-rating`)).body).toEqual({ rating: 4 });
    const row = await projectRow(p.id);
    expect([row.ratingCount, row.ratingSum]).toEqual([2, 9]);
  });

  it('when ratings arrive at once (10 members, and one member 6 times), then the count and sum stay exact', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const clients = await members(10);
    await Promise.all(clients.map((c, i) => c.post(`/api/projects/${p.id}/rate`, { rating: (i % 5) + 1 })));
    let row = await projectRow(p.id);
    expect([row.ratingCount, row.ratingSum]).toEqual([10, 30]);

    const one = clients[0]!;
    await Promise.all([5, 1, 3, 2, 4, 5].map((rating) => one.post(`/api/projects/${p.id}/rate`, { rating })));
    const all = await t.database.db.select({ r: ratings.rating }).from(ratings).where(eq(ratings.projectId, p.id));
    row = await projectRow(p.id);
    expect(row.ratingCount).toBe(10);
    expect(row.ratingSum).toBe(all.reduce((s, x) => s + x.r, 0));
  });

  it('when the author rates their own project, then 400 with a clear message and nothing is stored', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const res = await author.client.post(`/api/projects/${p.id}/rate`, { rating: 5 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'You cannot rate your own project' });
    expect((await projectRow(p.id)).ratingCount).toBe(0);
  });

  it('when the rating is not a whole number from 1 to 5, then 400', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const { client } = await t.signUp();
    for (const rating of [0, 6, 3.5, '4', null, -1]) {
      const res = await client.post(`/api/projects/${p.id}/rate`, { rating });
      expect(res.status, String(rating)).toBe(400);
      expect(res.body, String(rating)).toEqual({ message: 'Rating must be a whole number from 1 to 5' });
    }
    const missing = await client.post(`/api/projects/${p.id}/rate`, {});
    expect(missing.body).toEqual({ message: 'Required' });
    expect((await projectRow(p.id)).ratingCount).toBe(0);
  });
});

describe('shares', () => {
  it('when a member shares twice, then shareCount counts sharers once and the second share refreshes sharedAt', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const [a, b] = await members(2);
    const first = await a!.post(`/api/projects/${p.id}/share`);
    expect(first.status).toBe(200);
    expect(first.body.shareCount).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    const second = await a!.post(`/api/projects/${p.id}/share`);
    expect(second.body.shareCount).toBe(1);
    expect(new Date(second.body.sharedAt).getTime()).toBeGreaterThan(new Date(first.body.sharedAt).getTime());
    const rows = await t.database.db.select().from(shares).where(eq(shares.projectId, p.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sharedAt.toISOString()).toBe(second.body.sharedAt);

    expect((await b!.post(`/api/projects/${p.id}/share`)).body.shareCount).toBe(2);
    expect((await projectRow(p.id)).shareCount).toBe(2);
  });
});

describe('notifications created by interactions', () => {
  it('when someone likes, comments, rates and shares, then the author gets exactly one notification for each', async () => {
    const author = await t.signUp({ firstName: 'Alan', lastName: 'Turing' });
    const p = await seedProject(author.user.id);
    const ada = await t.signUp({ firstName: 'Ada', lastName: 'Lovelace' });
    const c = ada.client;

    await c.post(`/api/projects/${p.id}/react`, { type: 'like' });
    await c.post(`/api/projects/${p.id}/react`, { type: 'like' });
    await c.post(`/api/projects/${p.id}/comments`, { content: 'Nice' });
    await c.post(`/api/projects/${p.id}/rate`, { rating: 4 });
    await c.post(`/api/projects/${p.id}/rate`, { rating: 5 });
    await c.post(`/api/projects/${p.id}/share`);
    await c.post(`/api/projects/${p.id}/share`);

    const list = await author.client.get('/api/notifications');
    expect(list.status).toBe(200);
    const byType = Object.fromEntries(list.body.map((n: { message: string; title: string; link: string }) => [n.title, n]));
    expect(list.body).toHaveLength(4);
    expect(byType['New like']).toMatchObject({ message: 'Ada Lovelace liked your project "Snake in WebGL"', link: `/project/${p.id}`, read: false });
    expect(byType['New comment']).toMatchObject({ message: 'Ada Lovelace commented on your project "Snake in WebGL"' });
    expect(byType['New rating']).toMatchObject({ message: 'Ada Lovelace rated your project "Snake in WebGL" 4 stars' });
    expect(byType['Project shared']).toMatchObject({ message: 'Ada Lovelace shared your project "Snake in WebGL"' });
    expect(await notificationsOf(ada.user.id)).toEqual([]);
  });

  it('when the author likes, comments on and shares their own project, then nobody is notified', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    expect((await author.client.post(`/api/projects/${p.id}/react`, { type: 'like' })).body.reactionCount).toBe(1);
    expect((await author.client.post(`/api/projects/${p.id}/comments`, { content: 'My own note' })).status).toBe(201);
    expect((await author.client.post(`/api/projects/${p.id}/share`)).body.shareCount).toBe(1);
    expect(await notificationsOf(author.user.id)).toEqual([]);
  });
});

describe('interactions, user rating and recommendations', () => {
  it("when a member follows the author, then interactions say so with the author's follow counts", async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const { client, user } = await t.signUp();
    const before = await client.get(`/api/projects/${p.id}/interactions`);
    expect(before.status).toBe(200);
    expect(ZInteractionsSchema.strict().parse(before.body)).toEqual({
      isFollowing: false,
      hasReacted: false,
      hasSaved: false,
      authorFollowerCount: 0,
      authorFollowingCount: 0,
    });
    await t.database.db.insert(follows).values({ followerId: user.id, followingId: author.user.id });
    await t.database.db.update(users).set({ followerCount: 1 }).where(eq(users.id, author.user.id));
    expect((await client.get(`/api/projects/${p.id}/interactions`)).body).toMatchObject({ isFollowing: true, authorFollowerCount: 1 });
  });

  it('when recommendations are asked for, then up to 8 other projects come, same category or author first, none by suspended authors', async () => {
    const author = await t.signUp();
    const other = await t.signUp();
    const banned = await t.signUp();
    const category = `Cat-${Date.now()}`;
    const current = await seedProject(author.user.id, { category });
    const sameAuthor = await seedProject(author.user.id, { category: 'Finance', title: 'Same author' });
    const sameCategory = await seedProject(other.user.id, { category, title: 'Same category' });
    const hidden = await seedProject(banned.user.id, { category, title: 'By a suspended author', trendingScore: 1e9 });
    await suspend(banned.user.id);
    for (let i = 0; i < 10; i++) await seedProject(other.user.id, { category: 'DevOps', title: `Filler ${i}`, trendingScore: 1000 + i });

    const res = await t.client().get(`/api/projects/${current.id}/recommended`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(8);
    for (const item of res.body) ZRecommendedProjectSchema.strict().parse(item);
    const ids = res.body.map((r: { id: number }) => r.id);
    expect(ids).not.toContain(current.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids.slice(0, 2).sort()).toEqual([sameAuthor.id, sameCategory.id].sort());
    expect(res.body[2].title).toBe('Filler 9');
  });

  it('when the only project is the current one, then the recommendations are empty', async () => {
    // A fresh server, so no other project exists.
    const solo = await startTestServer();
    try {
      const author = await solo.signUp();
      const [p] = await solo.database.db
        .insert(projects)
        .values({ authorId: author.user.id, title: 'Alone', description: 'd', thumbnail: 'https://x/y.png', category: 'Finance', tutorialUrl: 'https://x/t' })
        .returning();
      expect((await author.client.get(`/api/projects/${p!.id}/recommended`)).body).toEqual([]);
    } finally {
      await solo.close();
    }
  });
});

describe('access rules', () => {
  it('when a visitor writes or reads member-only data, then 401 Unauthorized and nothing changes', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const v = t.client();
    const calls = [
      v.post(`/api/projects/${p.id}/react`, { type: 'like' }),
      v.delete(`/api/projects/${p.id}/react`),
      v.post(`/api/projects/${p.id}/save`),
      v.delete(`/api/projects/${p.id}/save`),
      v.post(`/api/projects/${p.id}/comments`, { content: 'hi' }),
      v.post(`/api/projects/${p.id}/rate`, { rating: 5 }),
      v.post(`/api/projects/${p.id}/share`),
      v.get(`/api/projects/${p.id}/interactions`),
      v.get(`/api/projects/${p.id}/user-rating`),
      v.get('/api/user/saved-projects'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthorized' });
    }
    const row = await projectRow(p.id);
    expect([row.reactionCount, row.saveCount, row.commentCount, row.ratingCount, row.shareCount]).toEqual([0, 0, 0, 0, 0]);
  });

  it('when the project id is missing or not an integer, then 404 Project not found', async () => {
    const { client } = await t.signUp();
    for (const id of ['999999', 'abc', '1.5', '-3', '0', '99999999999']) {
      for (const res of [
        await client.post(`/api/projects/${id}/react`, { type: 'like' }),
        await client.post(`/api/projects/${id}/comments`, { content: 'hi' }),
        await client.get(`/api/projects/${id}/comments`),
        await client.post(`/api/projects/${id}/rate`, { rating: 3 }),
        await client.post(`/api/projects/${id}/save`),
        await client.post(`/api/projects/${id}/share`),
        await client.get(`/api/projects/${id}/interactions`),
        await client.get(`/api/projects/${id}/recommended`),
      ]) {
        expect(res.status, id).toBe(404);
        expect(res.body, id).toEqual({ message: 'Project not found' });
      }
    }
  });

  it("when the author is suspended, then reads and writes answer 403 Content Unavailable, except for admins", async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id);
    const member = await t.signUp();
    await suspend(author.user.id);
    const calls = (c: TestClient) => [
      c.get(`/api/projects/${p.id}/comments`),
      c.post(`/api/projects/${p.id}/comments`, { content: 'hi' }),
      c.post(`/api/projects/${p.id}/react`, { type: 'like' }),
      c.delete(`/api/projects/${p.id}/react`),
      c.post(`/api/projects/${p.id}/save`),
      c.delete(`/api/projects/${p.id}/save`),
      c.post(`/api/projects/${p.id}/rate`, { rating: 3 }),
      c.post(`/api/projects/${p.id}/share`),
      c.get(`/api/projects/${p.id}/interactions`),
      c.get(`/api/projects/${p.id}/user-rating`),
      c.get(`/api/projects/${p.id}/recommended`),
    ];
    for (const res of await Promise.all(calls(member.client))) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Content Unavailable' });
    }
    const visitor = await t.client().get(`/api/projects/${p.id}/comments`);
    expect(visitor.status).toBe(403);
    expect(visitor.body).toEqual({ message: 'Content Unavailable' });
    const row = await projectRow(p.id);
    expect([row.reactionCount, row.saveCount, row.commentCount, row.ratingCount, row.shareCount]).toEqual([0, 0, 0, 0, 0]);

    const admin = await t.signUp({ email: ADMIN_EMAIL, verified: true });
    expect(admin.user.isAdmin).toBe(true);
    expect((await admin.client.get(`/api/projects/${p.id}/comments`)).status).toBe(200);
    expect((await admin.client.post(`/api/projects/${p.id}/comments`, { content: 'Moderator note' })).status).toBe(201);
    expect((await admin.client.get(`/api/projects/${p.id}/interactions`)).status).toBe(200);
    // The counted writes check access in their own statement; the policy lets admins through.
    expect((await admin.client.post(`/api/projects/${p.id}/react`, { type: 'like' })).body).toEqual({ hasReacted: true, reactionCount: 1 });
    expect((await admin.client.post(`/api/projects/${p.id}/save`)).body).toEqual({ hasSaved: true, saveCount: 1 });
    expect((await admin.client.delete(`/api/projects/${p.id}/react`)).body).toEqual({ hasReacted: false, reactionCount: 0 });
    expect((await admin.client.delete(`/api/projects/${p.id}/save`)).body).toEqual({ hasSaved: false, saveCount: 0 });
  });
});
