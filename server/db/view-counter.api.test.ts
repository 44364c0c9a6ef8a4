// Views counted without a write per read (a popular page would write on every view), the database still the judge across instances.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_THROTTLE_MS } from '@shared/constants';
import { projectDailyStats, projects } from './schema';
import { insertProject } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { ViewCounter, type StoredViews } from './view-counter';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function stored(id: number) {
  const [row] = await t.database.db.select({ n: projects.viewCount }).from(projects).where(eq(projects.id, id));
  const [daily] = await t.database.db.select({ n: projectDailyStats.views }).from(projectDailyStats).where(eq(projectDailyStats.projectId, id));
  return { count: row!.n, daily: daily?.n ?? 0 };
}

describe('ViewCounter', () => {
  it('when a viewer comes back within the hour, then nothing is written; after the hour the view counts again', async () => {
    const { user } = await t.signUp();
    const p = await insertProject(t.database.db, user.id);
    let now = Date.now();
    const views = new ViewCounter(t.database.db, { now: () => now });
    expect(views.view(p.id, 'user:a')).toBe(1);
    expect(views.view(p.id, 'user:a')).toBe(1);
    expect(views.view(p.id, 'user:b')).toBe(2);
    expect(await stored(p.id)).toEqual({ count: 0, daily: 0 });
    await views.flush();
    expect(await stored(p.id)).toEqual({ count: 2, daily: 2 });
    now += VIEW_THROTTLE_MS - 1000;
    expect(views.view(p.id, 'user:a')).toBe(0);
    now += 2000;
    expect(views.view(p.id, 'user:a')).toBe(1);
    await views.flush();
    expect(await stored(p.id)).toEqual({ count: 3, daily: 3 });
  });

  it('when the views wait a second, then they are written without a flush call', async () => {
    const { user } = await t.signUp();
    const p = await insertProject(t.database.db, user.id);
    const seen: StoredViews[] = [];
    const views = new ViewCounter(t.database.db, { onStored: (rows) => seen.push(...rows) });
    views.view(p.id, 'anon:1');
    await expect.poll(async () => (await stored(p.id)).count, { timeout: 5000 }).toBe(1);
    expect(seen).toEqual([{ projectId: p.id, viewCount: 1, authorId: user.id }]);
  });

  it('when another instance (or this one before a restart) counted the viewer within the hour, then the view is not counted twice', async () => {
    const { user } = await t.signUp();
    const p = await insertProject(t.database.db, user.id);
    const first = new ViewCounter(t.database.db);
    const second = new ViewCounter(t.database.db);
    first.view(p.id, 'user:x');
    await first.flush();
    second.view(p.id, 'user:x');
    second.view(p.id, 'user:y');
    await second.flush();
    expect(await stored(p.id)).toEqual({ count: 2, daily: 2 });
  });

  it('when a project is deleted before its views are written, then the other projects views are still stored', async () => {
    const { user } = await t.signUp();
    const gone = await insertProject(t.database.db, user.id);
    const kept = await insertProject(t.database.db, user.id);
    const views = new ViewCounter(t.database.db);
    views.view(gone.id, 'user:z');
    views.view(kept.id, 'user:z');
    await t.database.db.delete(projects).where(eq(projects.id, gone.id));
    await views.flush();
    expect(await stored(kept.id)).toEqual({ count: 1, daily: 1 });
  });

  it('when 600 viewers arrive at once, then every one is counted exactly once', async () => {
    const { user } = await t.signUp();
    const p = await insertProject(t.database.db, user.id);
    const views = new ViewCounter(t.database.db);
    for (let i = 0; i < 600; i++) views.view(p.id, `anon:${i}`);
    await views.flush();
    expect(await stored(p.id)).toEqual({ count: 600, daily: 600 });
  });
});
