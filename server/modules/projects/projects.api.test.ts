import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '@shared/constants';
import {
  comments,
  notifications,
  projectFiles,
  projects,
  projectViews,
  ratings,
  reactions,
  saves,
  shares,
  users,
} from '../../db/schema';
import { EXE_BYTES, fileForm, PNG_1PX } from '../../test/fixtures';
import type { TestClient } from '../../test/http-client';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ADMIN_EMAILS: 'admin-projects@example.com' });
});
afterAll(() => t.close());

const REQUIRED = 'Please fill out all required fields including thumbnail and Tutorial URL';

const external = {
  title: 'Weather Board',
  description: 'A dashboard of weather stations',
  thumbnail: 'https://example.com/weather.png',
  category: 'Web Development',
  projectUrl: 'https://weather.example.com',
  tutorialUrl: 'https://example.com/weather-tutorial',
  timeSpent: 12,
  timeUnit: 'days',
  location: 'Berlin',
  cost: 0,
  costCurrency: 'USD',
  hostingType: 'external',
};
const nativeFields = { ...external, title: 'Native Toy', projectUrl: '', hostingType: 'native' };

const INDEX_HTML = '<!doctype html><html><head><link rel="stylesheet" href="css/app.css"></head><body><script src="app.js"></script></body></html>';
type F = { name: string; data: Uint8Array; type?: string };
const text = (name: string, s: string): F => ({ name, data: Buffer.from(s) });
const siteFiles = (): F[] => [text('index.html', INDEX_HTML), text('css/app.css', 'body{color:red}'), text('app.js', 'console.log(1)')];

function createForm(fields: object, files: F[]): FormData {
  const form = fileForm('projectFiles', files);
  form.append('project', JSON.stringify(fields));
  return form;
}

async function createExternal(client: TestClient, values: object = {}) {
  const res = await client.post('/api/projects', { ...external, ...values });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; [k: string]: unknown };
}

async function createNative(client: TestClient, files: F[] = siteFiles()) {
  const res = await client.post('/api/projects', createForm(nativeFields, files));
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; previewUrl: string };
}

describe('POST /api/projects', () => {
  it('when a member creates an external project, then 201 with the project, its id and the author', async () => {
    const { client, user } = await t.signUp({ firstName: 'Linus', lastName: 'T' });
    const res = await client.post('/api/projects', external);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...external,
      id: expect.any(Number),
      authorId: user.id,
      authorName: 'Linus T',
      previewUrl: null,
      viewCount: 0,
      averageRating: 0,
    });
    expect((await t.client().get(`/api/projects/${res.body.id}`)).body.title).toBe('Weather Board');
  });

  it('when any required field is missing or blank, then 400 with the spec message', async () => {
    const { client } = await t.signUp();
    for (const key of ['title', 'description', 'thumbnail', 'category', 'tutorialUrl']) {
      for (const value of [undefined, '', '   ']) {
        const res = await client.post('/api/projects', { ...external, [key]: value });
        expect(res.status, `${key}=${String(value)}`).toBe(400);
        expect(res.body, key).toEqual({ message: REQUIRED });
      }
    }
    expect((await client.get('/api/user/projects')).body).toEqual([]);
  });

  it('when hosting is external without a URL, then 400 External URL is required', async () => {
    const { client } = await t.signUp();
    const res = await client.post('/api/projects', { ...external, projectUrl: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'External URL is required when using external hosting' });
  });

  it('when hosting is native without files, then 400 and nothing is created', async () => {
    const { client } = await t.signUp();
    const json = await client.post('/api/projects', nativeFields);
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ message: 'Please upload at least one file for native hosting' });
    const multipart = await client.post('/api/projects', createForm(nativeFields, []));
    expect(multipart.body).toEqual({ message: 'Please upload at least one file for native hosting' });
    const noIndex = await client.post('/api/projects', createForm(nativeFields, [text('app.js', '1')]));
    expect(noIndex.status).toBe(400);
    expect(noIndex.body).toEqual({ message: 'Please include an index.html file for native hosting' });
    expect((await client.get('/api/user/projects')).body).toEqual([]);
  });

  it('when a category of the edit list is sent, then the canonical category is stored', async () => {
    const { client } = await t.signUp();
    expect((await createExternal(client, { category: 'ai' })).category).toBe('AI/ML');
    const bad = await client.post('/api/projects', { ...external, category: 'Cooking' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Please choose a category from the list' });
  });

  it('when the cost is negative or the thumbnail is not an http(s) or uploaded address, then 400', async () => {
    const { client } = await t.signUp();
    const neg = await client.post('/api/projects', { ...external, cost: -100 });
    expect(neg.status).toBe(400);
    expect(neg.body).toEqual({ message: 'Cost must be a whole number of cents of 0 or more' });
    const js = await client.post('/api/projects', { ...external, thumbnail: 'javascript:alert(1)' });
    expect(js.status).toBe(400);
  });

  it('when signed out, then 401', async () => {
    const res = await t.client().post('/api/projects', external);
    expect(res.status).toBe(401);
  });

  it('when a thumbnail is uploaded first, then its URL serves the image and is accepted as the thumbnail', async () => {
    const { client } = await t.signUp();
    const up = await client.post('/api/upload/image', fileForm('image', [{ name: 'thumb.png', data: PNG_1PX, type: 'image/png' }]));
    expect(up.status).toBe(201);
    const img = await fetch(t.url + up.body.url);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(await img.arrayBuffer()).toHaveProperty('byteLength');
    const p = await createExternal(client, { thumbnail: up.body.url });
    expect(p.thumbnail).toBe(up.body.url);
  });
});

describe('native projects and their files', () => {
  it('when a native project is created with index.html, css and js, then each is served with its type, nosniff and the sandbox', async () => {
    const { client } = await t.signUp();
    const p = await createNative(client);
    expect(p.previewUrl).toBe(`/hosted/${p.id}/index.html`);
    const expected: [string, string, string][] = [
      ['index.html', 'text/html; charset=utf-8', INDEX_HTML],
      ['css/app.css', 'text/css; charset=utf-8', 'body{color:red}'],
      ['app.js', 'text/javascript; charset=utf-8', 'console.log(1)'],
    ];
    for (const [path, type, body] of expected) {
      const res = await fetch(`${t.url}/hosted/${p.id}/${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe('sandbox allow-scripts allow-forms allow-popups');
      expect(await res.text()).toBe(body);
    }
    expect((await fetch(`${t.url}/hosted/${p.id}/`)).status).toBe(200);
    const missing = await fetch(`${t.url}/hosted/${p.id}/nope.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe('sandbox allow-scripts allow-forms allow-popups');
    expect((await fetch(`${t.url}/hosted/${p.id}/..%2f..%2fetc/passwd`)).status).toBe(404);
  });

  it('when a hosted file is asked for by range or with its ETag, then it is streamed in part or answered 304', async () => {
    const { client } = await t.signUp();
    const p = await createNative(client);
    const full = await fetch(`${t.url}/hosted/${p.id}/css/app.css`);
    const etag = full.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    const part = await fetch(`${t.url}/hosted/${p.id}/css/app.css`, { headers: { range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 0-3/15');
    expect(await part.text()).toBe('body');
    const again = await fetch(`${t.url}/hosted/${p.id}/css/app.css`, { headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBe('sandbox allow-scripts allow-forms allow-popups');
  });

  it('when an executable is renamed to .png, then Invalid file type and nothing is stored', async () => {
    const { client } = await t.signUp();
    const res = await client.post('/api/projects', createForm(nativeFields, [...siteFiles(), { name: 'logo.png', data: EXE_BYTES }]));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid file type: logo\.png is not an allowed file type/);
    expect((await client.get('/api/user/projects')).body).toEqual([]);
    const p = await createNative(client);
    const later = await client.post(`/api/projects/${p.id}/upload-files`, fileForm('projectFiles', [{ name: 'logo.png', data: EXE_BYTES }]));
    expect(later.status).toBe(400);
    expect(later.body.message).toMatch(/^Invalid file type: logo\.png/);
    const exe = await client.post(`/api/projects/${p.id}/upload-files`, fileForm('projectFiles', [{ name: 'tool.exe', data: EXE_BYTES }]));
    expect(exe.body.message).toMatch(/^Invalid file type: tool\.exe/);
    const real = await client.post(`/api/projects/${p.id}/upload-files`, fileForm('projectFiles', [{ name: 'logo.png', data: PNG_1PX }]));
    expect(real.status).toBe(201);
    expect((await fetch(`${t.url}/hosted/${p.id}/logo.png`)).headers.get('content-type')).toBe('image/png');
  });

  it('when a file is 5 MB + 1 byte, then 413 File too large naming it; exactly 5 MB is accepted', async () => {
    const { client } = await t.signUp();
    const p = await createNative(client);
    const big = Buffer.alloc(MAX_FILE_BYTES + 1, 0x61);
    const res = await client.post(`/api/projects/${p.id}/upload-files`, fileForm('projectFiles', [text('ok.js', '1'), { name: 'big.js', data: big }]));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'File too large: big.js is larger than 5MB' });
    const files = await client.get(`/api/projects/${p.id}/files`);
    expect(files.body.map((f: { path: string }) => f.path)).not.toContain('ok.js');
    const exact = await client.post(`/api/projects/${p.id}/upload-files`, fileForm('projectFiles', [{ name: 'max.js', data: big.subarray(1) }]));
    expect(exact.status).toBe(201);
  });

  it('when the 21st file comes in a second request, then Too many files; replacing a stored path still works', async () => {
    const { client } = await t.signUp();
    const p = await createNative(client);
    const seventeen = Array.from({ length: 17 }, (_, i) => text(`js/f${i}.js`, `// ${i}`));
    const first = await client.post(`/api/projects/${p.id}/upload-files`, fileForm('projectFiles', seventeen));
    expect(first.status).toBe(201);
    expect(first.body.files).toHaveLength(20);
    const res = await client.post(`/api/projects/${p.id}/upload-files`, fileForm('projectFiles', [text('extra.js', '1')]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Too many files: Maximum 20 files allowed per project' });
    const replace = await client.post(`/api/projects/${p.id}/upload-files`, fileForm('projectFiles', [text('app.js', 'console.log(2)')]));
    expect(replace.status).toBe(201);
    expect(replace.body.files).toHaveLength(20);
    expect(await (await fetch(`${t.url}/hosted/${p.id}/app.js`)).text()).toBe('console.log(2)');
  });

  it('when two uploads race for the last places, then the cap still holds exactly', async () => {
    const { client } = await t.signUp();
    const p = await createNative(client);
    const batch = (tag: string) => fileForm('projectFiles', Array.from({ length: 9 }, (_, i) => text(`${tag}${i}.js`, '1')));
    const answers = await Promise.all([
      client.post(`/api/projects/${p.id}/upload-files`, batch('a')),
      client.post(`/api/projects/${p.id}/upload-files`, batch('b')),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    const files = await client.get(`/api/projects/${p.id}/files`);
    expect(files.body).toHaveLength(12);
  });

  it('when 21 files come in one request, then Too many files', async () => {
    const { client } = await t.signUp();
    const files = [text('index.html', INDEX_HTML), ...Array.from({ length: 20 }, (_, i) => text(`f${i}.js`, '1'))];
    const res = await client.post('/api/projects', createForm(nativeFields, files));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Too many files: Maximum 20 files allowed per project' });
  });

  it('when a file name climbs out with ../ or is absolute, then it is refused', async () => {
    const { client } = await t.signUp();
    const p = await createNative(client);
    for (const name of ['../evil.js', 'js/../../evil.js', '/etc/evil.js', 'C:\\evil.js']) {
      const res = await client.post(`/api/projects/${p.id}/upload-files`, fileForm('projectFiles', [text(name, '1')]));
      expect(res.status, name).toBe(400);
      expect(res.body.message, name).toMatch(/^Invalid file name: /);
    }
    const files = await client.get(`/api/projects/${p.id}/files`);
    expect(files.body.map((f: { path: string }) => f.path).sort()).toEqual(['app.js', 'css/app.css', 'index.html']);
  });

  it('when another member uploads files to a project, then 403; a missing project is 404; an external one 400', async () => {
    const owner = await t.signUp();
    const p = await createNative(owner.client);
    const other = await t.signUp();
    const res = await other.client.post(`/api/projects/${p.id}/upload-files`, fileForm('projectFiles', [text('x.js', '1')]));
    expect(res.status).toBe(403);
    const missing = await other.client.post('/api/projects/999999/upload-files', fileForm('projectFiles', [text('x.js', '1')]));
    expect(missing.status).toBe(404);
    const ext = await createExternal(owner.client);
    const toExternal = await owner.client.post(`/api/projects/${ext.id}/upload-files`, fileForm('projectFiles', [text('x.js', '1')]));
    expect(toExternal.status).toBe(400);
    expect(toExternal.body).toEqual({ message: 'Files can only be uploaded for native hosting' });
  });

  it('when the author is suspended, then the hosted files are unavailable', async () => {
    const { client, user } = await t.signUp();
    const p = await createNative(client);
    await t.database.db.update(users).set({ isSuspended: true }).where(eq(users.id, user.id));
    const res = await fetch(`${t.url}/hosted/${p.id}/index.html`);
    expect(res.status).toBe(403);
  });
});

describe('PUT and DELETE /api/projects/:id', () => {
  it('when the author updates, then the new fields are answered; another member gets 403, a missing id 404', async () => {
    const owner = await t.signUp();
    const p = await createExternal(owner.client);
    const res = await owner.client.put(`/api/projects/${p.id}`, { ...external, title: 'Weather Board 2', category: 'data', cost: 999 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: p.id, title: 'Weather Board 2', category: 'Data Science', cost: 999 });
    const other = await t.signUp();
    const denied = await other.client.put(`/api/projects/${p.id}`, { ...external, title: 'Mine now' });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ message: 'Access Denied' });
    expect((await owner.client.put('/api/projects/999999', external)).status).toBe(404);
    expect((await owner.client.put('/api/projects/abc', external)).body).toEqual({ message: 'Project not found' });
    const invalid = await owner.client.put(`/api/projects/${p.id}`, { ...external, title: '' });
    expect(invalid.body).toEqual({ message: REQUIRED });
    expect((await t.client().get(`/api/projects/${p.id}`)).body.title).toBe('Weather Board 2');
  });

  it('when another member deletes, then 403 and the project stays; an admin may delete it', async () => {
    const owner = await t.signUp();
    const p = await createExternal(owner.client);
    const other = await t.signUp();
    const res = await other.client.delete(`/api/projects/${p.id}`);
    expect(res.status).toBe(403);
    expect((await t.client().get(`/api/projects/${p.id}`)).status).toBe(200);
    const admin = await t.signUp({ email: 'admin-projects@example.com', verified: true });
    expect((await admin.client.put(`/api/projects/${p.id}`, { ...external, title: 'Moderated' })).status).toBe(200);
    expect((await admin.client.delete(`/api/projects/${p.id}`)).status).toBe(204);
    expect((await t.client().get(`/api/projects/${p.id}`)).status).toBe(404);
    expect((await admin.client.delete(`/api/projects/${p.id}`)).status).toBe(404);
  });

  it('when the author deletes, then every dependent row and the hosted files are gone', async () => {
    const owner = await t.signUp();
    const fan = await t.signUp();
    const p = await createNative(owner.client);
    const db = t.database.db;
    await fan.client.get(`/api/projects/${p.id}`);
    await t.deps.views.flush();
    await db.insert(comments).values({ projectId: p.id, userId: fan.user.id, content: 'Nice' });
    await db.insert(reactions).values({ projectId: p.id, userId: fan.user.id });
    await db.insert(saves).values({ projectId: p.id, userId: fan.user.id });
    await db.insert(ratings).values({ projectId: p.id, userId: fan.user.id, rating: 5 });
    await db.insert(shares).values({ projectId: p.id, userId: fan.user.id });
    await db.insert(notifications).values({ userId: owner.user.id, actorId: fan.user.id, type: 'like', title: 'New like', message: 'x', projectId: p.id });
    const counts = async () =>
      Promise.all(
        [comments, reactions, saves, ratings, shares, notifications, projectViews, projectFiles].map(
          async (table) => (await db.select({ n: count() }).from(table).where(eq(table.projectId, p.id)))[0]!.n,
        ),
      );
    expect(await counts()).toEqual([1, 1, 1, 1, 1, 1, 1, 3]);
    const res = await owner.client.delete(`/api/projects/${p.id}`);
    expect(res.status).toBe(204);
    expect(await counts()).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect((await db.select().from(projects).where(eq(projects.id, p.id))).length).toBe(0);
    expect((await fetch(`${t.url}/hosted/${p.id}/index.html`)).status).toBe(404);
    expect(await t.deps.storage.size(`projects/${p.id}`)).toBeNull();
  });

  it('when signed out, then update and delete are 401', async () => {
    const owner = await t.signUp();
    const p = await createExternal(owner.client);
    expect((await t.client().put(`/api/projects/${p.id}`, external)).status).toBe(401);
    expect((await t.client().delete(`/api/projects/${p.id}`)).status).toBe(401);
  });
});

describe('project lists', () => {
  it('when listing all projects, then newest first, pages by limit/offset, without suspended authors', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const first = await createExternal(a.client, { title: 'First of list' });
    const second = await createExternal(b.client, { title: 'Second of list' });
    const third = await createExternal(a.client, { title: 'Third of list' });
    const top = await t.client().get('/api/projects?limit=3');
    expect(top.status).toBe(200);
    expect(top.body.map((p: { id: number }) => p.id)).toEqual([third.id, second.id, first.id]);
    const page2 = await t.client().get('/api/projects?limit=1&offset=1');
    expect(page2.body.map((p: { id: number }) => p.id)).toEqual([second.id]);
    await t.database.db.update(users).set({ isSuspended: true }).where(eq(users.id, b.user.id));
    const after = await t.client().get('/api/projects?limit=2');
    expect(after.body.map((p: { id: number }) => p.id)).toEqual([third.id, first.id]);
    const tooMany = await t.client().get('/api/projects?limit=101');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ message: 'limit must be a whole number from 1 to 100' });
    expect((await t.client().get('/api/projects?offset=-1')).status).toBe(400);
  });

  it('when a member lists their own projects, then only theirs, newest first; signed out is 401', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const one = await createExternal(a.client);
    await createExternal(b.client);
    const two = await createNative(a.client);
    const mine = await a.client.get('/api/user/projects');
    expect(mine.body.map((p: { id: number }) => p.id)).toEqual([two.id, one.id]);
    expect((await t.client().get('/api/user/projects')).status).toBe(401);
  });
});
