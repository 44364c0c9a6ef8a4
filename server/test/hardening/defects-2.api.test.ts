// Regression tests of attack-testing defects (lockout, logout, views, CSP, proxies, trending, uploads), on PGlite and PostgreSQL.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/errors';
import { projects, users } from '../../db/schema';
import { refreshAllTrendingScores, TRENDING_REFRESH_BATCH_IDS, TRENDING_REFRESH_LOCK } from '../../modules/discovery/discovery.repository';
import { trendingScoreOf } from '../../modules/discovery/trending-score';
import { prepareNativeFiles, storeNativeFiles } from '../../modules/projects/native-files';
import type { FileStorage } from '../../storage/file-storage';
import { rowsOf } from '../../db/rows';
import { insertProject } from '../factories';
import { startTestServer, type TestServer } from '../harness';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestServer; // defaults: TRUST_PROXY off
let proxied: TestServer; // behind a loopback proxy, a small sign-in allowance
beforeAll(async () => {
  [t, proxied] = await Promise.all([startTestServer(), startTestServer({ TRUST_PROXY: 'loopback', LOGIN_RATE_LIMIT: '3' })]);
});
afterAll(() => Promise.all([t.close(), proxied.close()]));

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('sign-in throttling cannot lock an owner out', () => {
  it('when the owner signs in successfully many times, then successes never count toward the limit', async () => {
    const { email, password } = await proxied.signUp();
    for (let i = 0; i < 8; i++) {
      expect((await proxied.client().post('/api/auth/login', { email, password }, from('10.0.0.5'))).status).toBe(200);
    }
  });

  it('when a stranger fails many times, then the stranger waits ever longer and the owner, from their own address, still signs in', async () => {
    const { email, password } = await proxied.signUp();
    await proxied.deps.db.update(users).set({ isAdmin: true }).where(eq(users.email, email));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await proxied.client().post('/api/auth/login', { email, password: 'guess-' + i }, from('10.0.0.66'));
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    // Even the right password waits, from the stranger's address...
    expect((await proxied.client().post('/api/auth/login', { email, password }, from('10.0.0.66'))).status).toBe(429);
    // ...but the owner's own address is not locked out.
    const owner = await proxied.client().post('/api/auth/login', { email, password }, from('10.0.0.7'));
    expect(owner.status).toBe(200);
    expect(owner.body.isAdmin).toBe(true);
  });
});

describe('GET /api/logout signs out only for a same-origin navigation', () => {
  it('when another site, an image or a popup of a hosted project fires it, then a confirm page answers and the session stays', async () => {
    const { client } = await t.signUp();
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'document' },
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'image' },
      {},
    ]) {
      const res = await client.get('/api/logout', headers);
      expect(res.status).toBeLessThan(500);
      expect((await client.get('/api/auth/user')).status).toBe(200);
    }
    const page = await client.get('/api/logout', { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'document' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('Sign out of Buildboard?');
    const token = /name="token" value="([^"]+)"/.exec(page.text)?.[1];
    expect(token).toBeTruthy();
    // The confirm form's POST without the token (or with a wrong one) signs nobody out.
    const form = (v: string) => new URLSearchParams({ token: v }).toString();
    const wrong = await client.request('POST', '/api/logout', undefined, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(wrong.status).toBe(403);
    const bad = await fetch(`${t.url}/api/logout`, { method: 'POST', redirect: 'manual', headers: { cookie: client.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' }, body: form('x' + token) });
    expect(bad.status).toBe(403);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    // From another origin the same-origin guard refuses it outright.
    const cross = await fetch(`${t.url}/api/logout`, { method: 'POST', redirect: 'manual', headers: { cookie: client.cookieHeader, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, body: form(token!) });
    expect(cross.status).toBe(403);
    const ok = await fetch(`${t.url}/api/logout`, { method: 'POST', redirect: 'manual', headers: { cookie: client.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' }, body: form(token!) });
    expect(ok.status).toBe(303);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('when the sidebar link is followed (same-origin or typed navigation), then it signs out and goes home', async () => {
    for (const site of ['same-origin', 'none']) {
      const { client } = await t.signUp();
      const res = await client.get('/api/logout', { 'sec-fetch-site': site, 'sec-fetch-dest': 'document' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/');
      expect((await client.get('/api/auth/user')).status).toBe(401);
    }
  });
});

describe('a view counts once per member or address, whatever the headers', () => {
  it('when one member or one visitor address changes User-Agent or X-Forwarded-For, then one view', async () => {
    const author = await t.signUp();
    const p = await insertProject(t.deps.db, author.user.id);
    const viewer = await t.signUp();
    for (let i = 0; i < 4; i++) {
      await viewer.client.get(`/api/projects/${p.id}`, { 'user-agent': `Agent/${i}`, ...from(`10.2.0.${i}`) });
      await t.client().get(`/api/projects/${p.id}`, { 'user-agent': `Bot/${i}`, ...from(`10.3.0.${i}`) });
    }
    await t.deps.views.flush();
    const [row] = await t.deps.db.select({ n: projects.viewCount }).from(projects).where(eq(projects.id, p.id));
    expect(row!.n).toBe(2);
  });

  it('when behind a trusted proxy, then distinct client addresses count separately', async () => {
    const author = await proxied.signUp();
    const p = await insertProject(proxied.deps.db, author.user.id);
    for (const ip of ['10.4.0.1', '10.4.0.2', '10.4.0.1']) await proxied.client().get(`/api/projects/${p.id}`, from(ip));
    await proxied.deps.views.flush();
    const [row] = await proxied.deps.db.select({ n: projects.viewCount }).from(projects).where(eq(projects.id, p.id));
    expect(row!.n).toBe(2);
  });
});

describe('hosted files are not scripts of the main origin', () => {
  it('when any page is answered, then script-src allows only the built app under /assets/ (and Stripe), not all of self', async () => {
    const res = await t.client().get('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).not.toContain("'self'");
    expect(scriptSrc).toContain(`${t.url}/assets/`);
    expect(scriptSrc).toContain('https://js.stripe.com');
  });
});

describe('the bulk trending refresh', () => {
  it('when it runs, then every score is the formula of the current counters, and a second run changes nothing', async () => {
    const author = await t.signUp();
    const p = await insertProject(t.deps.db, author.user.id, { viewCount: 40, reactionCount: 3 });
    await refreshAllTrendingScores(t.deps.db);
    const [row] = await t.deps.db.select().from(projects).where(eq(projects.id, p.id));
    expect(row!.trendingScore).toBeCloseTo(trendingScoreOf({ ...row!, authorIsPremium: false }), 6);
    expect(await refreshAllTrendingScores(t.deps.db)).toBe(0);
  });

  it("when more scores changed than one statement may write without every instance reloading its search index, then the refresh names each project instead", async () => {
    const author = await t.signUp();
    const count = TRENDING_REFRESH_BATCH_IDS + 200;
    const made = await t.deps.db
      .insert(projects)
      .values(Array.from({ length: count }, (_, i) => ({ authorId: author.user.id, title: `Bulk project ${i}`, description: 'Made in bulk', thumbnail: 'https://example.com/thumbnail.png', category: 'Web Development', tutorialUrl: 'https://example.com/tutorial' })))
      .returning({ id: projects.id });
    expect(made).toHaveLength(count);
    await refreshAllTrendingScores(t.deps.db);
    // Counters changed in SQL alone since the last recomputation (what it is for), in statements of fewer rows.
    for (const half of [0, 1]) await t.deps.db.execute(sql`UPDATE projects SET view_count = view_count + 7 WHERE author_id = ${author.user.id} AND id % 2 = ${half}`);
    const [{ since }] = (await rowsOf<{ since: string }>(t.deps.db, sql`SELECT clock_timestamp()::text AS since`)) as [{ since: string }];
    expect(await refreshAllTrendingScores(t.deps.db)).toBeGreaterThanOrEqual(count);
    const notes = await rowsOf<{ reloads: number; named: number }>(
      t.deps.db,
      sql`
      SELECT count(*) FILTER (WHERE project_id IS NULL AND comment_id IS NULL AND user_id IS NULL)::int AS reloads,
        count(DISTINCT project_id) FILTER (WHERE project_id IN (SELECT id FROM projects WHERE author_id = ${author.user.id}))::int AS named
      FROM search_changes WHERE at >= ${since}::timestamptz`,
    );
    // No row naming nothing (every instance would load all projects again), each changed project named.
    expect(notes[0]).toEqual({ reloads: 0, named: count });
  });

  it.skipIf(!onPostgres)('when another instance holds the refresh lock, then this one skips (PostgreSQL: several connections)', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${TRENDING_REFRESH_LOCK})`);
      locked();
      await held;
    });
    await isLocked;
    expect(await refreshAllTrendingScores(t.deps.db)).toBeNull();
    release();
    await holder;
    expect(await refreshAllTrendingScores(t.deps.db)).not.toBeNull();
  });

  it.skipIf(!onPostgres)('when a request writes a fresher score while the refresh waits for the row, then the fresher score stays', async () => {
    const author = await t.signUp();
    const p = await insertProject(t.deps.db, author.user.id);
    await refreshAllTrendingScores(t.deps.db);
    // The counters move on without a score refresh (a view), so the bulk refresh wants this row...
    await t.deps.db.update(projects).set({ viewCount: 100 }).where(eq(projects.id, p.id));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // ...while a request holds it, adds views and writes the score of its new counters.
    const request = t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM projects WHERE id = ${p.id} FOR UPDATE`);
      locked();
      await held;
      await tx.execute(sql`UPDATE projects SET view_count = 500 WHERE id = ${p.id}`);
      await tx.execute(sql`UPDATE projects p SET trending_score = ${sql.raw(String(trendingScoreOf({ viewCount: 500, reactionCount: 0, commentCount: 0, saveCount: 0, shareCount: 0, ratingSum: 0, createdAt: new Date(0), authorIsPremium: false })))} + extract(epoch FROM (p.created_at - timestamptz '1970-01-01T00:00:00Z'))::float8 / ${72 * 3600} WHERE id = ${p.id}`);
    });
    await isLocked;
    const bulk = refreshAllTrendingScores(t.deps.db);
    for (let i = 0; i < 100; i++) {
      const waiting = (await t.deps.db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)) as unknown as { rows: { n: number }[] };
      if (waiting.rows[0]!.n > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    release();
    await request;
    await bulk;
    const [row] = await t.deps.db.select().from(projects).where(eq(projects.id, p.id));
    expect(row!.viewCount).toBe(500);
    expect(row!.trendingScore).toBeCloseTo(trendingScoreOf({ ...row!, authorIsPremium: false }), 6);
  });
});

describe('native file bytes are written outside the database transaction', () => {
  it('when the storage is slow, then the project row is not locked and the database answers meanwhile', async () => {
    const author = await t.signUp();
    const p = await insertProject(t.deps.db, author.user.id, { hostingType: 'native' });
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    let writing!: () => void;
    const started = new Promise<void>((r) => (writing = r));
    const storage: FileStorage = {
      ...t.deps.storage,
      put: async (key, data) => {
        writing();
        await slow;
        await t.deps.storage.put(key, data);
      },
      delete: (k) => t.deps.storage.delete(k),
      get: (k) => t.deps.storage.get(k),
      size: (k) => t.deps.storage.size(k),
      deletePrefix: (k) => t.deps.storage.deletePrefix(k),
    };
    const files = await prepareNativeFiles([{ originalname: 'index.html', buffer: Buffer.from('<p>hi</p>'), size: 9 }]);
    const upload = storeNativeFiles({ db: t.deps.db, storage }, files, p.id);
    await started;
    const probe = t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM projects WHERE id = ${p.id} FOR UPDATE NOWAIT`);
      return 'free';
    });
    const outcome = await Promise.race([probe.catch(() => 'locked'), new Promise((r) => setTimeout(() => r('blocked'), 3000))]);
    release();
    await upload;
    await probe.catch(() => undefined);
    expect(outcome).toBe('free');
  });
});

describe('the NUL message', () => {
  it('names the character', () => {
    expect(MESSAGES.nulCharacter).toMatch(/NUL/);
  });
});
