import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_SETTINGS_MESSAGES } from '@shared/schemas/notification-settings';
import { notifications, users } from '../../db/schema';
import { insertProject } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { sendDailyDigests } from './daily-digest';
import { insertNotifications } from './notifications.repository';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const typesOf = async (userId: string) =>
  (await t.deps.db.select({ type: notifications.type }).from(notifications).where(eq(notifications.userId, userId))).map((n) => n.type);

describe('notification settings', () => {
  it('when a member reads and changes their settings, then each kind keeps its channel and bad values are refused', async () => {
    const m = await t.signUp();
    expect((await m.client.get('/api/notification-settings')).body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const res = await m.client.put('/api/notification-settings', { likes: 'off', follows: 'digest' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, likes: 'off', follows: 'digest' });
    expect((await m.client.put('/api/notification-settings', { likes: 'sometimes' })).status).toBe(400);
    expect((await t.client().get('/api/notification-settings')).status).toBe(401);
  });

  it('when a kind is Off, then nothing of it is stored; other kinds still are', async () => {
    const author = await t.signUp();
    await author.client.put('/api/notification-settings', { likes: 'off' });
    const fan = await t.signUp({ firstName: 'Fan' });
    const p = await insertProject(t.deps.db, author.user.id, { title: 'Quiet Corner' });
    await fan.client.post(`/api/projects/${p.id}/react`, { type: 'like' });
    await fan.client.post(`/api/projects/${p.id}/comments`, { content: 'Lovely and calm.' });
    expect(await typesOf(author.user.id)).toEqual(['comment']);
  });

  it('when comments are set to email (the default) and the address is verified, then a comment is also mailed, with a one-click unsubscribe that stops only that kind', async () => {
    const author = await t.signUp({ firstName: 'Mae', verified: true });
    const fan = await t.signUp({ firstName: 'Katie', lastName: 'Bouman' });
    const p = await insertProject(t.deps.db, author.user.id, { title: 'Black Hole Pictures' });
    await fan.client.post(`/api/projects/${p.id}/comments`, { content: 'Wonderful work.' });
    const mail = await t.mailbox.waitFor(author.email, /commented on your project "Black Hole Pictures"/);
    expect(mail.text).toContain('Hi Mae,');
    expect(mail.text).toContain('Katie Bouman commented on your project "Black Hole Pictures"');
    expect(mail.text).toContain('You get this mail because "Comments and replies" is set to email in your notification settings.');
    expect(mail.text).toContain(`${t.deps.siteUrl()}/project/${p.id}`);
    const header = String(mail.headers.get('list-unsubscribe'));
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl = /<([^>]+)>/.exec(header)![1]!;
    expect(mail.text).toContain(unsubscribeUrl);

    // A GET (a browser, a link scanner) only asks; the mail client's one-click POST, without cookies, does it.
    const page = await fetch(unsubscribeUrl.replace(t.deps.siteUrl(), t.url));
    const confirm = await page.text();
    expect(confirm).toContain('Stop emails about comments and replies?');
    expect(confirm).toContain('Stop these emails');
    expect((await author.client.get('/api/notification-settings')).body.comments).toBe('email');
    const oneClick = await fetch(unsubscribeUrl.replace(t.deps.siteUrl(), t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain(NOTIFICATION_SETTINGS_MESSAGES.unsubscribed('comments'));
    const after = (await author.client.get('/api/notification-settings')).body;
    expect(after).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, comments: 'app' });

    // Still in the app, no longer by mail.
    await fan.client.post(`/api/projects/${p.id}/comments`, { content: 'Second thought: amazing.' });
    await t.deps.events.idle();
    expect(t.mailbox.to(author.email).filter((m) => /commented/.test(m.subject))).toHaveLength(1);
    expect(await typesOf(author.user.id)).toEqual(['comment', 'comment']);
  });

  it('when an unsubscribe link is forged, then it changes nothing', async () => {
    const m = await t.signUp();
    const forged = await fetch(`${t.url}/api/unsubscribe?token=${m.user.id}.comments.not-a-signature`, { method: 'POST' });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain(NOTIFICATION_SETTINGS_MESSAGES.unsubscribeInvalid);
    expect((await m.client.get('/api/notification-settings')).body.comments).toBe('email');
  });

  it('when an address is not verified, then notifications are not mailed to it', async () => {
    const author = await t.signUp();
    const fan = await t.signUp();
    const p = await insertProject(t.deps.db, author.user.id);
    await fan.client.post(`/api/projects/${p.id}/comments`, { content: 'Nice one.' });
    await t.deps.events.idle();
    expect(t.mailbox.to(author.email).map((m) => m.subject)).toEqual(['Verify your email address']);
  });

  it('when follows are set to the daily digest, then one digest lists them once a day', async () => {
    const m = await t.signUp({ firstName: 'Dee', verified: true });
    await m.client.put('/api/notification-settings', { follows: 'digest' });
    for (const name of ['Ann', 'Bo']) {
      const f = await t.signUp({ firstName: name, lastName: 'Follower' });
      await f.client.post(`/api/users/${m.user.handle}/follow`);
    }
    await t.deps.events.idle();
    expect(await sendDailyDigests(t.deps)).toBeGreaterThanOrEqual(1);
    const digest = await t.mailbox.waitFor(m.email, 'Your Buildboard digest: 2 new notifications');
    expect(digest.text).toContain('Hi Dee,');
    expect(digest.text).toContain('Ann Follower started following you');
    expect(digest.text).toContain('Bo Follower started following you');
    // Within the day, nothing more.
    await sendDailyDigests(t.deps);
    await t.deps.events.idle();
    expect(t.mailbox.to(m.email).filter((x) => x.subject.startsWith('Your Buildboard digest'))).toHaveLength(1);
  });

  it('when more came than a digest lists, then it lists the newest twenty and says how many more', async () => {
    const m = await t.signUp({ firstName: 'Lou', verified: true });
    await m.client.put('/api/notification-settings', { follows: 'digest' });
    await insertNotifications(
      t.deps.db,
      Array.from({ length: 22 }, (_, i) => ({ userId: m.user.id, type: 'follow', title: 'New follower', message: `Follower ${i} started following you`, link: '/notifications' })),
    );
    await sendDailyDigests(t.deps);
    const digest = await t.mailbox.waitFor(m.email, 'Your Buildboard digest: 22 new notifications');
    expect(digest.text).toContain('Follower 21 started following you');
    expect(digest.text).not.toContain('Follower 1 started following you');
    expect(digest.text).toContain('…and 2 more.');
  });

  it('when an admin publishes a blog post, then members get product news as they chose: in the app, by email, or not at all', async () => {
    const admin = await t.signUp({ verified: true });
    await t.deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
    const inApp = await t.signUp();
    const byMail = await t.signUp({ verified: true });
    await byMail.client.put('/api/notification-settings', { news: 'email' });
    const off = await t.signUp();
    await off.client.put('/api/notification-settings', { news: 'off' });
    const res = await admin.client.post('/api/admin/blog', { title: 'Spring release', slug: 'spring-release', excerpt: 'What is new.', content: 'Lots.' });
    expect(res.status, res.text).toBe(201);
    await t.deps.events.idle();
    const news = (userId: string) => t.deps.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, 'news')));
    expect((await news(inApp.user.id)).map((n) => [n.message, n.link])).toEqual([['New on the Buildboard blog: "Spring release"', '/blog/spring-release']]);
    expect(await news(off.user.id)).toEqual([]);
    expect(await news(admin.user.id)).toEqual([]);
    const mail = await t.mailbox.waitFor(byMail.email, /New on the Buildboard blog/);
    expect(mail.subject).toBe('Product news: New on the Buildboard blog: "Spring release"');
    expect(mail.text).toContain('Stop emails about product news');
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(t.mailbox.to(inApp.email).filter((m) => /blog/.test(m.subject))).toEqual([]);
  });
});
