import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeNotification } from '@shared/realtime/events';
import { NOTIFICATIONS_LIMIT } from '@shared/constants';
import { ZNotificationSchema } from '@shared/schemas/notification';
import { notifications } from '../../db/schema';
import { toNotification } from './notification-view';
import { insertProject } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { connectMemberSocket } from '../../test/member-socket';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const seedProject = (authorId: string, title: string) =>
  insertProject(t.database.db, authorId, { title, category: 'Finance' });

describe('notifications', () => {
  it('when others act on my project, then I see my notifications newest first, an unread count, and can mark one read', async () => {
    const author = await t.signUp({ firstName: 'Alan', lastName: 'Turing' });
    const p = await seedProject(author.user.id, 'Enigma Sim');
    const ada = await t.signUp({ firstName: 'Ada', lastName: 'Lovelace' });
    await ada.client.post(`/api/projects/${p.id}/react`, { type: 'like' });
    await new Promise((r) => setTimeout(r, 5));
    await ada.client.post(`/api/projects/${p.id}/comments`, { content: 'Brilliant' });

    const list = await author.client.get('/api/notifications');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    for (const n of list.body) ZNotificationSchema.strict().parse(n);
    expect(list.body.map((n: { message: string }) => n.message)).toEqual([
      'Ada Lovelace commented on your project "Enigma Sim"',
      'Ada Lovelace liked your project "Enigma Sim"',
    ]);
    expect((await author.client.get('/api/notifications/unread-count')).body).toEqual({ count: 2 });

    const id = list.body[1].id as number;
    const marked = await author.client.patch(`/api/notifications/${id}/read`);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id, read: true, type: 'like', link: `/project/${p.id}` });
    expect((await author.client.patch(`/api/notifications/${id}/read`)).status).toBe(200);
    expect((await author.client.get('/api/notifications/unread-count')).body).toEqual({ count: 1 });
    const after = await author.client.get('/api/notifications');
    expect(after.body.map((n: { read: boolean }) => n.read)).toEqual([false, true]);

    // Ada has none: her own actions never notify her.
    expect((await ada.client.get('/api/notifications')).body).toEqual([]);
    expect((await ada.client.get('/api/notifications/unread-count')).body).toEqual({ count: 0 });
  });

  it('when a member has more than 100 notifications, then the list holds the newest 100, newest first, each with its stored time', async () => {
    const member = await t.signUp();
    // Times with microseconds, some sharing a millisecond, and ids that do not follow the times.
    await t.database.db.execute(sql`
      INSERT INTO notifications (user_id, type, title, message, link, read, created_at)
      SELECT ${member.user.id}, 'follow', 'New follower', 'Note ' || g, CASE WHEN g % 2 = 0 THEN '/profile/x' END, g % 3 = 0,
        timestamptz '2026-03-01 10:00:00.123456+00' + ((g * 37) % 105) * interval '1 second' + (g % 2) * interval '1 microsecond'
      FROM generate_series(1, 105) g`);
    const stored = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, member.user.id))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_LIMIT);

    const list = await member.client.get('/api/notifications');
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect(list.body).toHaveLength(NOTIFICATIONS_LIMIT);
    for (const n of list.body) ZNotificationSchema.strict().parse(n);
    // The same as the mapping that mark-read and sync answer with (the list's JSON is written in SQL).
    expect(list.body).toEqual(stored.map(toNotification));
    expect(list.body[0]).toMatchObject({ type: 'follow', title: 'New follower', createdAt: stored[0]!.createdAt.toISOString() });
  });

  it("when a member marks someone else's notification read, then 404 and it stays unread", async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id, 'Mine');
    const other = await t.signUp();
    await other.client.post(`/api/projects/${p.id}/share`);
    const [n] = (await author.client.get('/api/notifications')).body as { id: number }[];

    const res = await other.client.patch(`/api/notifications/${n!.id}/read`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Notification not found' });
    expect((await author.client.get('/api/notifications')).body[0].read).toBe(false);

    for (const id of ['999999', 'abc', '1.5', '0', '99999999999']) {
      const bad = await author.client.patch(`/api/notifications/${id}/read`);
      expect(bad.status, id).toBe(404);
      expect(bad.body, id).toEqual({ message: 'Notification not found' });
    }
  });

  it('when a visitor asks, then 401 Unauthorized', async () => {
    const v = t.client();
    for (const res of [await v.get('/api/notifications'), await v.get('/api/notifications/unread-count'), await v.patch('/api/notifications/1/read')]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthorized' });
    }
  });

  it('when a notification is stored, then the member\'s open socket receives it live, with the stored id', async () => {
    const author = await t.signUp();
    const p = await seedProject(author.user.id, 'Live One');
    const fan = await t.signUp({ firstName: 'Live', lastName: 'Fan' });
    const socket = await connectMemberSocket(t.url, author.client.cookieHeader);
    try {
      const received = new Promise<RealtimeNotification>((resolve) => socket.once('notification:new', resolve));
      await fan.client.post(`/api/projects/${p.id}/react`, { type: 'like' });
      const live = await received;
      const [stored] = (await author.client.get('/api/notifications')).body as { id: number }[];
      expect(live).toMatchObject({ id: stored!.id, title: 'New like', message: 'Live Fan liked your project "Live One"', read: false });
    } finally {
      socket.disconnect();
    }
  });
});
