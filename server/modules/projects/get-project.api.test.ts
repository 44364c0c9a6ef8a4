import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_THROTTLE_MS } from '@shared/constants';
import { ZProjectSchema } from '@shared/schemas/project';
import { projects, projectViews, users } from '../../db/schema';
import { insertProject } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ADMIN_EMAILS: 'admin-h4@example.com' });
});
afterAll(() => t.close());

const seedProject = (authorId: string, values: Partial<typeof projects.$inferInsert> = {}) =>
  insertProject(t.database.db, authorId, {
    title: 'Pixel Garden',
    description: 'A tiny garden simulator',
    category: 'Game Development',
    projectUrl: 'https://garden.example.com',
    ...values,
  });

/** The stored count, once the views noted in memory are written. */
async function viewCountOf(id: number) {
  await t.deps.views.flush();
  const [row] = await t.database.db.select({ n: projects.viewCount }).from(projects).where(eq(projects.id, id));
  return row!.n;
}

describe('GET /api/projects/:id', () => {
  it('when a visitor asks for a project, then 200 with the project as the shared schema describes it', async () => {
    const { user } = await t.signUp({ firstName: 'Ada', lastName: 'Lovelace' });
    const p = await seedProject(user.id, { timeSpent: 3, cost: 1250, location: 'London' });
    const res = await t.client().get(`/api/projects/${p.id}`);
    expect(res.status).toBe(200);
    expect(ZProjectSchema.strict().parse(res.body)).toMatchObject({
      id: p.id,
      title: 'Pixel Garden',
      authorId: user.id,
      authorName: 'Ada Lovelace',
      hostingType: 'external',
      previewUrl: null,
      projectUrl: 'https://garden.example.com',
      timeSpent: 3,
      timeUnit: 'hours',
      cost: 1250,
      costCurrency: 'USD',
      location: 'London',
      viewCount: 1,
      averageRating: 0,
    });
  });

  it('when many project pages, one of them missing, are asked for at once, then each answer is its own project', async () => {
    const { user } = await t.signUp();
    const seeded = await Promise.all(Array.from({ length: 12 }, (_, i) => seedProject(user.id, { title: `Batch page ${i}` })));
    const ids = [...seeded.map((p) => p.id), Math.max(...seeded.map((p) => p.id)) + 1000];
    // Fired together: the server reads the pages of one event-loop turn in one query.
    const answers = await Promise.all(ids.map((id) => t.client().get(`/api/projects/${id}`)));
    expect(answers.map((res) => [res.status, res.body.id, res.body.title])).toEqual([
      ...seeded.map((p, i) => [200, p.id, `Batch page ${i}`]),
      [404, undefined, undefined],
    ]);
  });

  it('when the project is native, then previewUrl names its hosted index.html', async () => {
    const { user } = await t.signUp();
    const p = await seedProject(user.id, { hostingType: 'native', projectUrl: null });
    const res = await t.client().get(`/api/projects/${p.id}`);
    expect(res.body.previewUrl).toBe(`/hosted/${p.id}/index.html`);
  });

  it('when the id is missing or not an integer, then 404 Project not found', async () => {
    for (const id of ['999999', 'abc', '1.5', '-1', '0', '1e3', '99999999999', '12abc']) {
      const res = await t.client().get(`/api/projects/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body, id).toEqual({ message: 'Project not found' });
    }
  });

  it('when the author is suspended, then 403 Content Unavailable for members and visitors, but admins still see it', async () => {
    const { user } = await t.signUp();
    const p = await seedProject(user.id);
    await t.database.db.update(users).set({ isSuspended: true, suspendedReason: 'spam' }).where(eq(users.id, user.id));
    const member = await t.signUp();
    for (const c of [member.client, t.client()]) {
      const res = await c.get(`/api/projects/${p.id}`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Content Unavailable' });
    }
    const admin = await t.signUp({ email: 'admin-h4@example.com', verified: true });
    const seen = await admin.client.get(`/api/projects/${p.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.id).toBe(p.id);
  });

  it('when one member opens a project many times within the hour, then one view is counted', async () => {
    const { user } = await t.signUp();
    const p = await seedProject(user.id);
    const viewer = await t.signUp();
    const answers = await Promise.all(Array.from({ length: 5 }, () => viewer.client.get(`/api/projects/${p.id}`)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await viewCountOf(p.id)).toBe(1);
    const other = await t.signUp();
    const res = await other.client.get(`/api/projects/${p.id}`);
    expect(res.body.viewCount).toBe(2);
  });

  it('when the last counted view is older than the window, then the next view counts again, also on an instance that did not count it', async () => {
    const { user } = await t.signUp();
    const p = await seedProject(user.id);
    const viewer = await t.signUp();
    await viewer.client.get(`/api/projects/${p.id}`);
    await t.deps.views.flush();
    await t.database.db
      .update(projectViews)
      .set({ lastCountedAt: new Date(Date.now() - VIEW_THROTTLE_MS + 60_000) })
      .where(eq(projectViews.projectId, p.id));
    // Forgotten here (as by another instance or after a restart): the table still says "counted recently".
    t.deps.views.forget(p.id);
    await viewer.client.get(`/api/projects/${p.id}`);
    expect(await viewCountOf(p.id)).toBe(1);
    await t.database.db
      .update(projectViews)
      .set({ lastCountedAt: new Date(Date.now() - VIEW_THROTTLE_MS - 1000) })
      .where(eq(projectViews.projectId, p.id));
    t.deps.views.forget(p.id);
    const res = await viewer.client.get(`/api/projects/${p.id}`);
    expect(res.body.viewCount).toBe(2);
    expect(await viewCountOf(p.id)).toBe(2);
  });

  it('when visitors open a project, then each address counts once per hour, whatever the browser says', async () => {
    const { user } = await t.signUp();
    const p = await seedProject(user.id);
    const firefox = { 'user-agent': 'Firefox/1' };
    const chrome = { 'user-agent': 'Chrome/1' };
    await t.client().get(`/api/projects/${p.id}`, firefox);
    await t.client().get(`/api/projects/${p.id}`, firefox);
    expect(await viewCountOf(p.id)).toBe(1);
    await t.client().get(`/api/projects/${p.id}`, chrome);
    expect(await viewCountOf(p.id)).toBe(1);
  });

  it('when a project is not found or unavailable, then no view is counted', async () => {
    const { user } = await t.signUp();
    const p = await seedProject(user.id);
    await t.database.db.update(users).set({ isSuspended: true }).where(eq(users.id, user.id));
    await t.client().get(`/api/projects/${p.id}`);
    expect(await viewCountOf(p.id)).toBe(0);
  });
});
