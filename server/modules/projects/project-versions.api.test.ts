import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '@shared/constants';
import type { TProjectVersion } from '@shared/schemas/project-version';
import { projectVersions, users } from '../../db/schema';
import { fileForm } from '../../test/fixtures';
import type { TestClient } from '../../test/http-client';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ADMIN_EMAILS: 'admin-versions@example.com' });
});
afterAll(() => t.close());

let admin: Promise<TestClient> | undefined;
const adminClient = () => (admin ??= t.signUp({ email: 'admin-versions@example.com', verified: true }).then((a) => a.client));

type F = { name: string; data: Uint8Array };
const text = (name: string, s: string): F => ({ name, data: Buffer.from(s) });
const page = (title: string) => `<!doctype html><html><body><h1>${title}</h1><script src="app.js"></script></body></html>`;

const nativeFields = {
  title: 'Folder Site',
  description: 'Published from a folder on disk',
  thumbnail: 'https://example.com/site.png',
  category: 'Web Development',
  projectUrl: '',
  tutorialUrl: 'https://example.com/tutorial',
  timeSpent: 1,
  timeUnit: 'days',
  location: '',
  cost: 0,
  costCurrency: 'USD',
  hostingType: 'native',
};

async function createNative(client: TestClient, files: F[] = [text('index.html', page('One')), text('app.js', '1')]) {
  const form = fileForm('projectFiles', files);
  form.append('project', JSON.stringify(nativeFields));
  const res = await client.post('/api/projects', form);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number };
}

const publish = (client: TestClient, id: number, files: F[]) => client.post(`/api/projects/${id}/versions`, fileForm('projectFiles', files));
const hosted = (path: string) => fetch(`${t.url}${path}`);
const versionsOf = async (client: TestClient, id: number) => {
  const res = await client.get(`/api/projects/${id}/versions`);
  expect(res.status, res.text).toBe(200);
  return (res.body as { versions: TProjectVersion[] }).versions;
};

describe('project versions', () => {
  it('when a project was never republished, then its files are version 1, current', async () => {
    const { client } = await t.signUp();
    const p = await createNative(client);
    const versions = await versionsOf(t.client(), p.id);
    expect(versions).toEqual([
      { number: 1, createdAt: expect.any(String), fileCount: 2, totalBytes: expect.any(Number), current: true, url: `/hosted/${p.id}/index.html` },
    ]);
  });

  it('when the author publishes again, then the new files replace the old ones, and the previous version stays reachable until the next publish', async () => {
    const { client } = await t.signUp();
    const p = await createNative(client);

    const second = await publish(client, p.id, [text('index.html', page('Two')), text('logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>')]);
    expect(second.status, second.text).toBe(201);
    expect(second.body.version).toMatchObject({ number: 2, fileCount: 2, current: true, url: `/hosted/${p.id}/index.html` });
    expect(await (await hosted(`/hosted/${p.id}/index.html`)).text()).toContain('<h1>Two</h1>');
    expect((await hosted(`/hosted/${p.id}/logo.svg`)).status).toBe(200);
    // A file left out of the publish is gone from the current version...
    expect((await hosted(`/hosted/${p.id}/app.js`)).status).toBe(404);
    // ...but the previous version still serves it, with the same sandbox as the current one.
    const old = await hosted(`/hosted/${p.id}/!v1/index.html`);
    expect(old.status).toBe(200);
    expect(old.headers.get('content-security-policy')).toBe('sandbox allow-scripts allow-forms allow-popups');
    expect(await old.text()).toContain('<h1>One</h1>');
    expect(await (await hosted(`/hosted/${p.id}/!v1/app.js`)).text()).toBe('1');

    let versions = await versionsOf(client, p.id);
    expect(versions.map((v) => [v.number, v.fileCount, v.current, v.url])).toEqual([
      [2, 2, true, `/hosted/${p.id}/index.html`],
      [1, 2, false, `/hosted/${p.id}/!v1/index.html`],
    ]);

    const third = await publish(client, p.id, [text('index.html', page('Three'))]);
    expect(third.status).toBe(201);
    expect(await (await hosted(`/hosted/${p.id}/!v2/index.html`)).text()).toContain('<h1>Two</h1>');
    expect((await hosted(`/hosted/${p.id}/!v1/index.html`)).status).toBe(404);
    versions = await versionsOf(client, p.id);
    expect(versions.map((v) => [v.number, v.fileCount, v.current, v.url])).toEqual([
      [3, 1, true, `/hosted/${p.id}/index.html`],
      [2, 2, false, `/hosted/${p.id}/!v2/index.html`],
      [1, 2, false, null],
    ]);
    // The oldest version's bytes are gone from storage, not only from the list.
    const [v1] = await t.database.db.select().from(projectVersions).where(eq(projectVersions.projectId, p.id)).orderBy(projectVersions.number);
    expect(v1!.files).toBeNull();
  });

  it('when someone other than the author publishes, then 403; a visitor gets 401; an admin is refused too', async () => {
    const { client } = await t.signUp();
    const p = await createNative(client);
    const other = await t.signUp();
    const res = await publish(other.client, p.id, [text('index.html', page('Hijack'))]);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Only the author can publish a new version' });
    expect((await publish(t.client(), p.id, [text('index.html', page('Hijack'))])).status).toBe(401);
    expect((await publish(await adminClient(), p.id, [text('index.html', page('Hijack'))])).status).toBe(403);
    expect(await (await hosted(`/hosted/${p.id}/index.html`)).text()).toContain('<h1>One</h1>');
    expect(await versionsOf(client, p.id)).toHaveLength(1);
  });

  it('when the files break the upload rules, then the spec messages and nothing changes', async () => {
    const { client } = await t.signUp();
    const p = await createNative(client);
    const noIndex = await publish(client, p.id, [text('app.js', '2')]);
    expect(noIndex.status).toBe(400);
    expect(noIndex.body).toEqual({ message: 'Please include an index.html file for native hosting' });
    const badType = await publish(client, p.id, [text('index.html', page('x')), text('setup.exe', 'MZ')]);
    expect(badType.status).toBe(400);
    expect(badType.body.message).toMatch(/^Invalid file type: setup\.exe is not an allowed file type/);
    const big = await publish(client, p.id, [text('index.html', page('x')), { name: 'big.js', data: Buffer.alloc(MAX_FILE_BYTES + 1, 0x61) }]);
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: 'File too large: big.js is larger than 5MB' });
    const many = await publish(client, p.id, [text('index.html', page('x')), ...Array.from({ length: 20 }, (_, i) => text(`f${i}.js`, '1'))]);
    expect(many.status).toBe(400);
    expect(many.body).toEqual({ message: 'Too many files: Maximum 20 files allowed per project' });
    const none = await client.post(`/api/projects/${p.id}/versions`, fileForm('projectFiles', []));
    expect(none.status).toBe(400);
    expect(await versionsOf(client, p.id)).toHaveLength(1);
    expect(await (await hosted(`/hosted/${p.id}/index.html`)).text()).toContain('<h1>One</h1>');
  });

  it('when the project links elsewhere or does not exist, then no versions can be published', async () => {
    const { client } = await t.signUp();
    const ext = await client.post('/api/projects', { ...nativeFields, hostingType: 'external', projectUrl: 'https://example.com/app' });
    expect(ext.status, ext.text).toBe(201);
    const res = await publish(client, ext.body.id, [text('index.html', page('x'))]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Files can only be uploaded for native hosting' });
    expect(await versionsOf(client, ext.body.id)).toEqual([]);
    expect((await t.client().get('/api/projects/999999/versions')).status).toBe(404);
    expect((await publish(client, 999999, [text('index.html', page('x'))])).status).toBe(404);
  });

  it("when the author is suspended, then the versions follow the project's visibility: hidden from members and visitors, shown to admins", async () => {
    const { client, user } = await t.signUp();
    const p = await createNative(client);
    expect(await publish(client, p.id, [text('index.html', page('Two'))])).toMatchObject({ status: 201 });
    await t.database.db.update(users).set({ isSuspended: true }).where(eq(users.id, user.id));
    const member = await t.signUp();
    const hidden = await member.client.get(`/api/projects/${p.id}/versions`);
    expect(hidden.status).toBe(403);
    expect(hidden.body).toEqual({ message: 'Content Unavailable' });
    expect((await t.client().get(`/api/projects/${p.id}/versions`)).status).toBe(403);
    expect((await hosted(`/hosted/${p.id}/!v1/index.html`)).status).toBe(403);
    expect(await versionsOf(await adminClient(), p.id)).toHaveLength(2);
    await t.database.db.update(users).set({ isSuspended: false }).where(eq(users.id, user.id));
  });

  it('when two publishes race, then both become versions, one after the other', async () => {
    const { client } = await t.signUp();
    const p = await createNative(client);
    const answers = await Promise.all([publish(client, p.id, [text('index.html', page('A'))]), publish(client, p.id, [text('index.html', page('B'))])]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect((await versionsOf(client, p.id)).map((v) => v.number)).toEqual([3, 2, 1]);
  });
});
