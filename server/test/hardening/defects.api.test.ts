// Regression tests of defects found by attack testing, on PGlite and PostgreSQL.
import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/errors';
import { users } from '../../db/schema';
import { register } from '../../modules/auth/register';
import { insertProject } from '../factories';
import { fileForm, PNG_1PX } from '../fixtures';
import { startTestServer, type TestServer } from '../harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** Sends raw bytes as a request and answers the status and body (for bodies fetch will not send). */
function rawRequest(path: string, headers: Record<string, string>, body: Buffer | string): Promise<{ status: number; text: string }> {
  const url = new URL(path, t.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('no open redirect after sign-in', () => {
  it('when returnTo hides another site behind a tab, newline or backslash, then the destination is /', async () => {
    for (const evil of ['/%09/evil.example', '/%0a/evil.example', '/%0D/evil.example', '/%5C/evil.example', '/%00/evil.example']) {
      const res = await t.client().get(`/api/login?returnTo=${evil}`);
      expect(res.status, evil).toBeLessThan(500);
      if (res.status === 302) expect(res.headers.get('location'), evil).toBe('/signin?returnTo=%2F');
    }
    const signedIn = (await t.signUp()).client;
    const res = await signedIn.get('/api/login?returnTo=/%09/evil.example');
    expect(res.headers.get('location')).toBe('/');
  });
});

describe('a NUL character in any text input answers 400', () => {
  it('when a JSON body, a query, a path or a form field holds \\u0000, then 400 with a clear message', async () => {
    const { client, user } = await t.signUp();
    const { id } = await insertProject(t.deps.db, user.id, { title: 'Nul' });
    const attempts = [
      client.post('/api/auth/register', { email: 'a\u0000b@example.com', password: 'long enough pw' }),
      client.post('/api/auth/login', { email: 'x@example.com', password: 'p\u0000w' }),
      client.post('/api/projects', { title: 'T\u0000', description: 'd', category: 'Web Development' }),
      client.put(`/api/projects/${id}`, { title: 'ok', description: 'd\u0000', category: 'Web Development' }),
      client.post(`/api/projects/${id}/comments`, { content: 'hi\u0000there' }),
      client.patch('/api/user/profile', { displayName: 'N\u0000', handle: 'nul_user' }),
      client.get('/api/search?q=re%00act'),
      client.get('/api/users/ab%00cd'),
      client.get('/api/users/ab%00cd/projects'),
      client.post('/api/projects', { title: 'x', description: 'd', category: 'Web Development', ['k\u0000']: 1 }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toBe(MESSAGES.nulCharacter);
    }
    const form = new FormData();
    form.set('project', JSON.stringify({ title: 'Nul\u0000', description: 'd', category: 'Web Development', hostingType: 'native' }));
    const multipartRes = await client.post('/api/projects', form);
    expect(multipartRes.status).toBe(400);
  });
});

describe('malformed multipart answers 400', () => {
  it('when the boundary is missing, the body is truncated or a file name holds NUL, then 400', async () => {
    const { client } = await t.signUp();
    const cookie = client.cookieHeader;
    const noBoundary = await rawRequest('/api/upload/image', { cookie, 'content-type': 'multipart/form-data' }, 'garbage');
    expect(noBoundary.status).toBe(400);
    const truncated = await rawRequest(
      '/api/upload/image',
      { cookie, 'content-type': 'multipart/form-data; boundary=XYZ' },
      '--XYZ\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
    );
    expect(truncated.status).toBe(400);
    const project = { body: await insertProject(t.deps.db, (await client.get('/api/auth/user')).body.id, { hostingType: 'native' }) };
    const nulName = Buffer.concat([
      Buffer.from('--XYZ\r\nContent-Disposition: form-data; name="projectFiles"; filename="a\u0000.html"\r\nContent-Type: text/html\r\n\r\n'),
      Buffer.from('<p>hi</p>\r\n--XYZ--\r\n'),
    ]);
    for (const path of ['/api/upload/image', `/api/projects/${project.body.id ?? 1}/upload-files`, '/api/projects']) {
      const res = await rawRequest(path, { cookie, 'content-type': 'multipart/form-data; boundary=XYZ' }, nulName);
      expect(res.status, `${path} ${res.text}`).toBe(400);
    }
    const fine = await client.post('/api/upload/image', fileForm('image', [{ name: 'a.png', data: PNG_1PX, type: 'image/png' }]));
    expect(fine.status).toBe(201);
  });
});

describe('concurrent sign-ups that derive one handle', () => {
  it('when several people with the same name sign up at once, then every one gets 201 and a distinct handle', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.client().post('/api/auth/register', { email: `twin${i}@example.com`, password: 'correct horse battery', firstName: 'Same', lastName: 'Name' }),
      ),
    );
    for (const r of results) expect(r.status, r.text).toBe(201);
    expect(new Set(results.map((r) => r.body.handle)).size).toBe(6);
  });

  it('when a dozen sign-ups derive one handle at the same moment (no HTTP in between), then none fails', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        register(t.deps, { email: `race${i}@example.com`, password: 'correct horse battery', firstName: 'Race', lastName: 'Twin' }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason).slice(0, 120))).toEqual([]);
    const handles = results.map((r) => (r as PromiseFulfilledResult<{ handle: string }>).value.handle);
    expect(new Set(handles).size).toBe(12);
  });
});

describe('a session whose user was suspended or deleted is signed out, not a 500', () => {
  it('when the user behind a session is suspended or deleted, then sign-in, login and callback routes behave as for a visitor', async () => {
    for (const change of ['suspend', 'delete'] as const) {
      const stale = await t.signUp();
      const other = await t.signUp();
      if (change === 'suspend') await t.deps.db.update(users).set({ isSuspended: true }).where(eq(users.id, stale.user.id));
      else await t.deps.db.delete(users).where(eq(users.id, stale.user.id));
      const login = await stale.client.post('/api/auth/login', { email: other.email, password: other.password });
      expect(login.status, login.text).toBe(200);
      expect((await stale.client.get('/api/auth/user')).body.id).toBe(other.user.id);
    }
    for (const path of ['/api/callback?code=x&state=y', '/api/login?returnTo=/saved', '/api/auth/user']) {
      const stale = await t.signUp();
      await t.deps.db.update(users).set({ isSuspended: true }).where(eq(users.id, stale.user.id));
      const res = await stale.client.get(path);
      expect(res.status, `${path} ${res.text}`).toBeLessThan(500);
    }
  });
});

describe('no part of an email is shown to others', () => {
  it('when a member without any name publishes and comments, then others see "User", never their email', async () => {
    const nameless = await t.signUp({ email: 'secret.local.part@example.com' });
    const project = await insertProject(t.deps.db, nameless.user.id, { title: 'Nameless' });
    expect((await nameless.client.post(`/api/projects/${project.id}/comments`, { content: 'first' })).status).toBe(201);
    const reader = (await t.signUp()).client;
    const answers = await Promise.all([
      reader.get(`/api/projects/${project.id}`),
      reader.get(`/api/projects/${project.id}/comments`),
      reader.get('/api/projects'),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('secret.local.part');
    }
    expect(answers[0]!.body.authorName).toBe('User');
  });
});
