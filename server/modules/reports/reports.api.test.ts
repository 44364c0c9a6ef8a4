import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, comments } from '../../db/schema';
import { insertProject } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { setAdminByEmail } from '../users/users.repository';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function signUpAdmin() {
  const m = await t.signUp();
  await setAdminByEmail(t.database.db, m.email, true);
  return m;
}

describe('POST /api/reports', () => {
  it('when a visitor reports, then 401', async () => {
    expect((await t.client().post('/api/reports', { reportType: 'project', targetId: 1, reason: 'Spam' })).status).toBe(401);
  });

  it('when a member reports a project, a comment and a user, then each is pending; a second report of the same target is 409', async () => {
    const author = await t.signUp();
    const reporter = await t.signUp();
    const p = await insertProject(t.database.db, author.user.id);
    const [c] = await t.database.db.insert(comments).values({ projectId: p.id, userId: author.user.id, content: 'rude' }).returning();

    const first = await reporter.client.post('/api/reports', { reportType: 'project', targetId: p.id, reason: 'Spam', description: ' Link farm ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ reportType: 'project', targetId: String(p.id), reason: 'Spam', description: 'Link farm', status: 'pending', reviewedBy: null });
    const again = await reporter.client.post('/api/reports', { reportType: 'project', targetId: String(p.id), reason: 'Other' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'You have already reported this. Our moderators will review it.' });

    expect((await reporter.client.post('/api/reports', { reportType: 'comment', targetId: c!.id, reason: 'Harassment or hate speech' })).status).toBe(201);
    const user = await reporter.client.post('/api/reports', { reportType: 'user', targetId: author.user.id, reason: 'Spam' });
    expect(user.status).toBe(201);
    expect(user.body.targetId).toBe(author.user.id);
    // Another member may report the same target.
    expect((await author.client.post('/api/reports', { reportType: 'project', targetId: p.id, reason: 'Spam' })).status).toBe(201);
  });

  it('when the input is wrong or the target is missing, then a clear 4xx', async () => {
    const m = await t.signUp();
    const cases: [unknown, number, string][] = [
      [{ reportType: 'blog', targetId: 1, reason: 'Spam' }, 400, 'Report type must be project, comment or user'],
      [{ reportType: 'project', targetId: 1, reason: 'Because' }, 400, 'Please choose a reason'],
      [{ reportType: 'project', targetId: 999999, reason: 'Spam' }, 404, 'The reported content was not found'],
      [{ reportType: 'project', targetId: 'abc', reason: 'Spam' }, 404, 'The reported content was not found'],
      [{ reportType: 'comment', targetId: 999999, reason: 'Spam' }, 404, 'The reported content was not found'],
      [{ reportType: 'user', targetId: '00000000-0000-4000-8000-000000000000', reason: 'Spam' }, 404, 'The reported content was not found'],
      [{ reportType: 'user', targetId: m.user.id, reason: 'Spam' }, 400, 'You cannot report yourself'],
    ];
    for (const [body, status, message] of cases) {
      const res = await m.client.post('/api/reports', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toEqual({ message });
    }
  });
});

describe('admin reports', () => {
  it('when an admin lists, filters and reviews reports, then status, reviewedBy and reviewedAt are set and audited', async () => {
    const admin = await signUpAdmin();
    const author = await t.signUp();
    const reporter = await t.signUp();
    const p = await insertProject(t.database.db, author.user.id);
    const made = await reporter.client.post('/api/reports', { reportType: 'project', targetId: p.id, reason: 'Misleading or scam' });
    const id = made.body.id as number;

    const stats = (await admin.client.get('/api/admin/stats')).body;
    expect(stats.pendingReports).toBeGreaterThanOrEqual(1);
    const pending = await admin.client.get('/api/admin/reports?status=pending&limit=100');
    expect(pending.status).toBe(200);
    const row = pending.body.reports.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ status: 'pending', targetUrl: `/project/${p.id}` });
    expect(pending.body.total).toBe(stats.pendingReports);

    for (const status of ['pending', 'closed', '', undefined]) {
      const bad = await admin.client.patch(`/api/admin/reports/${id}`, { status });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message: 'Status must be one of resolved, rejected or escalated' });
    }
    const res = await admin.client.patch(`/api/admin/reports/${id}`, { status: 'resolved' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'resolved', reviewedBy: admin.user.id });
    expect(Date.parse(res.body.reviewedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await admin.client.get('/api/admin/stats')).body.pendingReports).toBe(stats.pendingReports - 1);
    const resolved = await admin.client.get('/api/admin/reports?status=resolved');
    expect(resolved.body.reports.map((r: { id: number }) => r.id)).toContain(id);
    expect((await admin.client.get('/api/admin/reports?status=bogus')).status).toBe(400);
    expect((await admin.client.patch('/api/admin/reports/99999', { status: 'rejected' })).status).toBe(404);

    // Once reviewed, the same member may report the target again.
    expect((await reporter.client.post('/api/reports', { reportType: 'project', targetId: p.id, reason: 'Spam' })).status).toBe(201);

    const audit = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, String(id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'report.review', actorId: admin.user.id, reason: 'resolved', targetType: 'report' });
  });
});
