import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { setAdminByEmail } from '../users/users.repository';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const post = (slug: string, extra: Record<string, unknown> = {}) => ({
  title: `Title ${slug}`,
  slug,
  excerpt: 'A short excerpt',
  content: 'Line one\nLine two <script>alert(1)</script>',
  ...extra,
});

describe('blog', () => {
  it('when an admin creates, updates and deletes a post, then everyone reads it newest first, and 404 after', async () => {
    const admin = await t.signUp({ firstName: 'Morgan', lastName: 'Reyes' });
    await setAdminByEmail(t.database.db, admin.email, true);

    const created = await admin.client.post('/api/admin/blog', post('first-post', { thumbnail: 'https://example.com/t.png' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: 'first-post', authorName: 'Morgan Reyes', thumbnail: 'https://example.com/t.png' });
    expect(Date.parse(created.body.publishedAt)).toBeGreaterThan(Date.now() - 60_000);
    const second = await admin.client.post('/api/admin/blog', post('second-post'));
    expect(second.body.thumbnail).toBeNull();

    const visitor = t.client();
    const list = await visitor.get('/api/blog');
    expect(list.status).toBe(200);
    expect(list.body.map((p: { slug: string }) => p.slug)).toEqual(['second-post', 'first-post']);
    expect((await visitor.get('/api/blog?limit=1&offset=1')).body.map((p: { slug: string }) => p.slug)).toEqual(['first-post']);
    const one = await visitor.get('/api/blog/first-post');
    // Content is stored as given; the client shows it as text, never as HTML.
    expect(one.body.content).toBe('Line one\nLine two <script>alert(1)</script>');

    const taken = await admin.client.put(`/api/admin/blog/${second.body.id}`, post('first-post'));
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: 'A blog post with this slug already exists' });
    expect((await admin.client.post('/api/admin/blog', post('first-post'))).status).toBe(409);

    const updated = await admin.client.put(`/api/admin/blog/${created.body.id}`, post('renamed-post', { title: 'Renamed' }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'Renamed', slug: 'renamed-post', publishedAt: created.body.publishedAt });
    expect((await visitor.get('/api/blog/first-post')).status).toBe(404);
    expect((await admin.client.get('/api/admin/stats')).body.blogPosts).toBe(2);

    expect((await admin.client.delete(`/api/admin/blog/${created.body.id}`)).status).toBe(204);
    const gone = await visitor.get('/api/blog/renamed-post');
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: 'Blog post not found' });
    expect((await admin.client.delete(`/api/admin/blog/${created.body.id}`)).status).toBe(404);
    expect((await admin.client.put('/api/admin/blog/99999', post('x'))).status).toBe(404);
    expect((await visitor.get('/api/blog/NOT_A_SLUG')).status).toBe(404);

    const audit = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetType, 'blog'));
    expect(audit.map((a) => a.action).sort()).toEqual(['blog.create', 'blog.create', 'blog.delete', 'blog.update']);
  });

  it('when a field is missing or the slug is malformed, then 400 with a clear message', async () => {
    const admin = await t.signUp();
    await setAdminByEmail(t.database.db, admin.email, true);
    for (const field of ['title', 'slug', 'excerpt', 'content']) {
      for (const value of [undefined, '', '   ']) {
        const res = await admin.client.post('/api/admin/blog', post('valid-slug', { [field]: value }));
        expect(res.status, `${field}=${String(value)}`).toBe(400);
        expect(res.body).toEqual({ message: 'All fields are required' });
      }
    }
    for (const slug of ['Upper', 'with space', 'under_score', 'a'.repeat(101)]) {
      const res = await admin.client.post('/api/admin/blog', post(slug));
      expect(res.status, slug).toBe(400);
    }
    expect((await admin.client.post('/api/admin/blog', post('x', { thumbnail: 'javascript:alert(1)' }))).body).toEqual({
      message: 'Thumbnail must be an http(s) URL',
    });
    expect((await t.client().get('/api/blog?limit=0')).status).toBe(400);
  });
});
