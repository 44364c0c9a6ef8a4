import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, comments, follows, projects, ratings, reactions, saves, sessions, users } from '../../db/schema';
import { insertProject } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { setAdminByEmail } from '../users/users.repository';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function signUpAdmin(opts: { firstName?: string; lastName?: string } = {}) {
  const m = await t.signUp(opts);
  await setAdminByEmail(t.database.db, m.email, true);
  return m;
}

const SOME_UUID = '00000000-0000-4000-8000-000000000000';
/** Every admin route the portal calls, its stats and history included. */
const ADMIN_ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/users'],
  ['GET', `/api/admin/users/${SOME_UUID}`],
  ['GET', `/api/admin/users/${SOME_UUID}/projects`],
  ['GET', `/api/admin/users/${SOME_UUID}/audit`],
  ['POST', `/api/admin/users/${SOME_UUID}/suspend`, { reason: 'spam' }],
  ['POST', `/api/admin/users/${SOME_UUID}/unsuspend`],
  ['DELETE', `/api/admin/users/${SOME_UUID}`],
  ['GET', '/api/admin/reports'],
  ['PATCH', '/api/admin/reports/1', { status: 'resolved' }],
  ['POST', '/api/admin/blog', { title: 't', slug: 's', excerpt: 'e', content: 'c' }],
  ['PUT', '/api/admin/blog/1', { title: 't', slug: 's', excerpt: 'e', content: 'c' }],
  ['DELETE', '/api/admin/blog/1'],
];

describe('admin route access', () => {
  it('when a visitor calls any admin route, then it answers 401; a member gets 403 Access Denied', async () => {
    const visitor = t.client();
    const member = await t.signUp();
    for (const [method, path, body] of ADMIN_ROUTES) {
      const v = await visitor.request(method, path, body);
      expect(v.status, `${method} ${path}`).toBe(401);
      const m = await member.client.request(method, path, body);
      expect(m.status, `${method} ${path}`).toBe(403);
      expect(m.body).toEqual({ message: 'Access Denied' });
    }
  });

  it('when admin rights are granted or revoked in the database, then the next request follows at once', async () => {
    const m = await t.signUp();
    expect((await m.client.get('/api/admin/stats')).status).toBe(403);
    await setAdminByEmail(t.database.db, m.email, true);
    expect((await m.client.get('/api/admin/stats')).status).toBe(200);
    await setAdminByEmail(t.database.db, m.email, false);
    expect((await m.client.get('/api/admin/stats')).status).toBe(403);
  });
});

describe('admin users list', () => {
  it('when an admin searches and filters, then the page, the total and the counters come from the server', async () => {
    const admin = await signUpAdmin();
    const tag = `zq${Date.now().toString(36)}`;
    const a = await t.signUp({ firstName: `${tag}alpha`, lastName: 'One' });
    const b = await t.signUp({ firstName: `${tag}beta`, lastName: 'Two' });
    await t.signUp({ firstName: `${tag}gamma`, lastName: 'Three' });

    const page = await admin.client.get(`/api/admin/users?q=${tag}&limit=2`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(3);
    expect(page.body.users).toHaveLength(2);
    expect(page.body.users[0]).toMatchObject({ firstName: `${tag}gamma`, isAdmin: false, isSuspended: false });
    const next = await admin.client.get(`/api/admin/users?q=${tag}&limit=2&offset=2`);
    expect(next.body.users).toHaveLength(1);

    // By email and by handle too.
    expect((await admin.client.get(`/api/admin/users?q=${encodeURIComponent(a.email)}`)).body.users.map((u: { id: string }) => u.id)).toEqual([a.user.id]);
    expect((await admin.client.get(`/api/admin/users?q=${b.user.handle}`)).body.users.map((u: { id: string }) => u.id)).toContain(b.user.id);
    // A LIKE wildcard is searched literally.
    expect((await admin.client.get('/api/admin/users?q=%25%25%25')).body.total).toBe(0);

    const before = (await admin.client.get('/api/admin/stats')).body;
    expect((await admin.client.post(`/api/admin/users/${a.user.id}/suspend`, { reason: 'Spam links' })).status).toBe(200);
    const after = (await admin.client.get('/api/admin/stats')).body;
    expect(after).toMatchObject({
      totalUsers: before.totalUsers,
      activeUsers: before.activeUsers - 1,
      suspendedUsers: before.suspendedUsers + 1,
    });
    const suspended = await admin.client.get(`/api/admin/users?q=${tag}&status=suspended`);
    expect(suspended.body).toMatchObject({ total: 1, users: [{ id: a.user.id, isSuspended: true, suspendedReason: 'Spam links' }] });
    expect((await admin.client.get('/api/admin/users?status=nope')).status).toBe(400);
    expect((await admin.client.get('/api/admin/users?limit=1000')).status).toBe(400);
  });

  it('when an admin opens a user and their projects, then a suspended user is shown whole, and an unknown id is 404', async () => {
    const admin = await signUpAdmin();
    const m = await t.signUp({ firstName: 'Viewed', lastName: 'Person' });
    await insertProject(t.database.db, m.user.id, { title: 'Viewed project' });
    await admin.client.post(`/api/admin/users/${m.user.id}/suspend`, { reason: 'Rule 4' });
    const profile = await admin.client.get(`/api/admin/users/${m.user.id}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id: m.user.id, email: m.email, isSuspended: true, suspendedReason: 'Rule 4', projectCount: 1 });
    const list = await admin.client.get(`/api/admin/users/${m.user.id}/projects`);
    expect(list.body.map((p: { title: string }) => p.title)).toEqual(['Viewed project']);
    expect((await admin.client.get(`/api/admin/users/${SOME_UUID}`)).body).toEqual({ message: 'User not found' });
    expect((await admin.client.get('/api/admin/users/not-a-uuid')).status).toBe(404);
  });
});

describe('suspend and unsuspend', () => {
  it('when the reason is blank, then 400 Please provide a suspension reason', async () => {
    const admin = await signUpAdmin();
    const m = await t.signUp();
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const res = await admin.client.post(`/api/admin/users/${m.user.id}/suspend`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Please provide a suspension reason' });
    }
  });

  it('when a member is suspended, then every session ends, sign-in is refused, and profile, project, feeds and search hide them', async () => {
    const admin = await signUpAdmin();
    const viewer = await t.signUp();
    const m = await t.signUp({ firstName: 'Zebulon', lastName: 'Quartz' });
    const second = t.client();
    expect((await second.post('/api/auth/login', { email: m.email, password: m.password })).status).toBe(200);
    const project = await insertProject(t.database.db, m.user.id, { title: 'Xylophonic suspended widget' });
    expect((await viewer.client.get('/api/projects/trending')).body.some((p: { id: number }) => p.id === project.id)).toBe(true);
    const [sessionsBefore] = await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, m.user.id));
    expect(sessionsBefore!.n).toBe(2);

    const res = await admin.client.post(`/api/admin/users/${m.user.id}/suspend`, { reason: '  Posting malware  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: m.user.id, isSuspended: true, suspendedReason: 'Posting malware' });

    const [sessionsAfter] = await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, m.user.id));
    expect(sessionsAfter!.n).toBe(0);
    expect((await m.client.get('/api/auth/user')).status).toBe(401);
    expect((await second.get('/api/auth/user')).status).toBe(401);
    const login = await t.client().post('/api/auth/login', { email: m.email, password: m.password });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('Your account has been suspended');

    const profile = await viewer.client.get(`/api/users/${m.user.handle}`);
    expect(profile.status).toBe(403);
    expect(profile.body).toMatchObject({ message: 'User Suspended', reason: 'Posting malware' });
    const detail = await viewer.client.get(`/api/projects/${project.id}`);
    expect(detail.status).toBe(403);
    expect(detail.body).toEqual({ message: 'Content Unavailable' });
    expect((await viewer.client.get('/api/projects/trending')).body.some((p: { id: number }) => p.id === project.id)).toBe(false);
    expect((await viewer.client.get('/api/projects')).body.some((p: { id: number }) => p.id === project.id)).toBe(false);
    const search = await viewer.client.get('/api/search?q=Xylophonic');
    expect(JSON.stringify(search.body)).not.toContain('Xylophonic');

    const back = await admin.client.post(`/api/admin/users/${m.user.id}/unsuspend`);
    expect(back.body).toMatchObject({ isSuspended: false, suspendedReason: null, suspendedAt: null });
    expect((await viewer.client.get(`/api/users/${m.user.handle}`)).status).toBe(200);
    expect((await viewer.client.get(`/api/projects/${project.id}`)).status).toBe(200);
    expect((await t.client().post('/api/auth/login', { email: m.email, password: m.password })).status).toBe(200);

    const history = await admin.client.get(`/api/admin/users/${m.user.id}/audit`);
    expect(history.body.map((e: { action: string }) => e.action)).toEqual(['user.unsuspend', 'user.suspend']);
    expect(history.body[1]).toMatchObject({ actorId: admin.user.id, targetId: m.user.id, reason: 'Posting malware' });
  });

  it('when an admin targets themselves or the last admin, then it is refused', async () => {
    const admin = await signUpAdmin();
    const self = await admin.client.post(`/api/admin/users/${admin.user.id}/suspend`, { reason: 'x' });
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ message: 'You cannot suspend your own account' });
    const del = await admin.client.delete(`/api/admin/users/${admin.user.id}`);
    expect(del.status).toBe(400);
    expect(del.body).toEqual({ message: 'You cannot delete your own account' });

    // Another admin can be suspended while an active admin remains (the actor).
    const other = await signUpAdmin();
    expect((await admin.client.post(`/api/admin/users/${other.user.id}/suspend`, { reason: 'x' })).status).toBe(200);
    await admin.client.post(`/api/admin/users/${other.user.id}/unsuspend`);
  });

  it('when the only two admins suspend each other at once, then one active admin always remains', async () => {
    // Every other admin of this database is demoted for this check, then restored.
    const restore = await t.database.db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true)).returning({ id: users.id });
    try {
      const a = await signUpAdmin();
      const b = await signUpAdmin();
      const replies = await Promise.all([
        a.client.post(`/api/admin/users/${b.user.id}/suspend`, { reason: 'race' }),
        b.client.post(`/api/admin/users/${a.user.id}/suspend`, { reason: 'race' }),
      ]);
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses[0]).toBe(200);
      // The loser was either signed out by the winner's suspension or refused as the last admin.
      expect([401, 409]).toContain(statuses[1]);
      const loser = replies.find((r) => r.status === 409);
      if (loser) expect(loser.body).toEqual({ message: 'The last administrator cannot be removed' });
      const rows = await t.database.db.select().from(users).where(eq(users.isAdmin, true));
      expect(rows.filter((r) => !r.isSuspended).length).toBeGreaterThanOrEqual(1);
    } finally {
      for (const r of restore) await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, r.id));
    }
  });
});

describe('delete a user', () => {
  it('when a member who liked, saved, rated, commented, shared and followed is deleted, then every counter is exact', async () => {
    const admin = await signUpAdmin();
    const creator = await t.signUp();
    const other = await t.signUp();
    const doomed = await t.signUp();
    const p = await insertProject(t.database.db, creator.user.id, { title: 'Counted project' });

    // Another member's activity that must stay counted.
    await other.client.post(`/api/projects/${p.id}/react`, { type: 'like' });
    await other.client.post(`/api/projects/${p.id}/save`);
    await other.client.post(`/api/projects/${p.id}/rate`, { rating: 2 });
    await other.client.post(`/api/projects/${p.id}/comments`, { content: 'Stays' });
    await other.client.post(`/api/users/${creator.user.id}/follow`);

    for (const [path, body] of [
      [`/api/projects/${p.id}/react`, { type: 'like' }],
      [`/api/projects/${p.id}/save`, undefined],
      [`/api/projects/${p.id}/rate`, { rating: 5 }],
      [`/api/projects/${p.id}/comments`, { content: 'Goes away' }],
      [`/api/projects/${p.id}/share`, undefined],
      [`/api/users/${creator.user.id}/follow`, undefined],
      [`/api/users/${other.user.id}/follow`, undefined],
    ] as const) {
      expect((await doomed.client.post(path, body)).status, path).toBeLessThan(300);
    }
    await creator.client.post(`/api/users/${doomed.user.id}/follow`);
    const own = await insertProject(t.database.db, doomed.user.id, { title: 'Doomed own project' });
    await other.client.post(`/api/projects/${own.id}/react`, { type: 'like' });

    const [before] = await t.database.db.select().from(projects).where(eq(projects.id, p.id));
    expect(before).toMatchObject({ reactionCount: 2, saveCount: 2, ratingCount: 2, ratingSum: 7, commentCount: 2, shareCount: 1 });

    const statsBefore = (await admin.client.get('/api/admin/stats')).body;
    const res = await admin.client.delete(`/api/admin/users/${doomed.user.id}`);
    expect(res.status).toBe(204);

    const [after] = await t.database.db.select().from(projects).where(eq(projects.id, p.id));
    expect(after).toMatchObject({ reactionCount: 1, saveCount: 1, ratingCount: 1, ratingSum: 2, commentCount: 1, shareCount: 0 });
    const interactions = await other.client.get(`/api/projects/${p.id}`);
    expect(interactions.body).toMatchObject({ reactionCount: 1, saveCount: 1, ratingCount: 1, commentCount: 1 });
    expect(interactions.body.averageRating).toBe(2);

    const [c] = await t.database.db.select().from(users).where(eq(users.id, creator.user.id));
    expect(c).toMatchObject({ followerCount: 1, followingCount: 0 });
    const [o] = await t.database.db.select().from(users).where(eq(users.id, other.user.id));
    expect(o).toMatchObject({ followerCount: 0, followingCount: 1 });

    expect(await t.database.db.select().from(users).where(eq(users.id, doomed.user.id))).toHaveLength(0);
    expect(await t.database.db.select().from(projects).where(eq(projects.id, own.id))).toHaveLength(0);
    for (const table of [reactions, saves, ratings, comments]) {
      expect(await t.database.db.select().from(table).where(eq(table.userId, doomed.user.id))).toHaveLength(0);
    }
    expect(await t.database.db.select().from(follows).where(eq(follows.followerId, doomed.user.id))).toHaveLength(0);
    expect((await doomed.client.get('/api/auth/user')).status).toBe(401);

    const statsAfter = (await admin.client.get('/api/admin/stats')).body;
    expect(statsAfter.totalUsers).toBe(statsBefore.totalUsers - 1);
    expect(statsAfter.activeUsers).toBe(statsBefore.activeUsers - 1);
    const audit = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, doomed.user.id));
    expect(audit.map((a) => a.action)).toEqual(['user.delete']);
    expect((await admin.client.delete(`/api/admin/users/${doomed.user.id}`)).status).toBe(404);
  });

  it('when a suspended member is deleted, then the suspended counter goes down', async () => {
    const admin = await signUpAdmin();
    const m = await t.signUp();
    await admin.client.post(`/api/admin/users/${m.user.id}/suspend`, { reason: 'x' });
    const before = (await admin.client.get('/api/admin/stats')).body;
    await admin.client.delete(`/api/admin/users/${m.user.id}`);
    const after = (await admin.client.get('/api/admin/stats')).body;
    expect(after).toMatchObject({ totalUsers: before.totalUsers - 1, suspendedUsers: before.suspendedUsers - 1, activeUsers: before.activeUsers });
  });
});
