import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZOembedSchema } from '@shared/schemas/reach';
import { blogPosts } from '../../db/schema';
import { insertProject } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { discoveryKit } from '../../test/discovery-kit';

// Issue 37: shared links preview as cards, oEmbed, the embeddable card and feeds.

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta name="description" content="Buildboard: share your code, inspire the world." />' +
  '<title>Buildboard</title><script type="module" src="/assets/index-Abc123.js"></script></head><body><div id="root"></div></body></html>';
const HOSTILE = `"><script>alert('x')</script> & $& co`;

let t: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'bb-web-'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  t = await startTestServer({ WEB_DIST_DIR: webDist }, { serveWeb: true });
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
}, 60_000);

const page = async (path: string) => {
  const res = await fetch(t.url + path);
  return { status: res.status, headers: res.headers, html: await res.text() };
};
/** The head's meta and link tags, parsed as a browser would read them. */
function headOf(html: string) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const meta = (key: string) => {
    for (const m of Array.from(doc.getElementsByTagName('meta'))) if (m.getAttribute('property') === key || m.getAttribute('name') === key) return m.getAttribute('content');
    return null;
  };
  const links = Array.from(doc.getElementsByTagName('link')).map((l) => ({ rel: l.getAttribute('rel'), type: l.getAttribute('type') || null, href: l.getAttribute('href') }));
  const title = doc.getElementsByTagName('title')[0]?.textContent ?? null;
  return { meta, links, title, scripts: doc.getElementsByTagName('script').length };
}

describe('link previews in the page HTML', () => {
  it('when a project page is fetched, then its title, description, thumbnail and canonical URL are Open Graph and Twitter tags, with oEmbed discovery; the SPA still answers', async () => {
    const author = await t.signUp({ firstName: 'Ada', lastName: 'Stone' });
    const p = await insertProject(t.database.db, author.user.id, { title: 'Pixel Garden', description: 'A tiny garden of pixels.', thumbnail: 'https://cdn.example.com/garden.png' });
    const res = await page(`/project/${p.id}`);
    expect(res.status).toBe(200);
    const head = headOf(res.html);
    expect(head.title).toBe('Pixel Garden · Buildboard');
    expect(head.meta('og:title')).toBe('Pixel Garden');
    expect(head.meta('og:description')).toBe('A tiny garden of pixels.');
    expect(head.meta('description')).toBe('A tiny garden of pixels.');
    expect(head.meta('og:image')).toBe('https://cdn.example.com/garden.png');
    expect(head.meta('og:url')).toBe(`${t.url}/project/${p.id}`);
    expect(head.meta('og:type')).toBe('article');
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.meta('twitter:title')).toBe('Pixel Garden');
    expect(head.links).toContainEqual({ rel: 'canonical', type: null, href: `${t.url}/project/${p.id}` });
    const oembed = head.links.find((l) => l.type === 'application/json+oembed');
    expect(oembed?.href).toBe(`${t.url}/api/oembed?url=${encodeURIComponent(`${t.url}/project/${p.id}`)}&format=json`);
    // The SPA's script is still there: a visitor's browser shows the landing page as before.
    expect(head.scripts).toBe(1);
  });

  it('when a project has no raster thumbnail, then the preview image is a generated PNG card', async () => {
    const author = await t.signUp({ firstName: 'Bo' });
    const p = await insertProject(t.database.db, author.user.id, { title: 'Vector Art', thumbnail: 'https://cdn.example.com/art.svg' });
    const head = headOf((await page(`/project/${p.id}`)).html);
    expect(head.meta('og:image')).toBe(`${t.url}/og/project/${p.id}.png`);
    expect(head.meta('og:image:width')).toBe('1200');
    const img = await fetch(`${t.url}/og/project/${p.id}.png`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await img.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect((await fetch(`${t.url}/og/project/999999.png`)).status).toBe(404);
  });

  it('when titles and bios are hostile, then every tag carries them as text, escaped', async () => {
    const author = await t.signUp({ firstName: HOSTILE });
    const p = await insertProject(t.database.db, author.user.id, { title: HOSTILE, description: HOSTILE });
    const res = await page(`/project/${p.id}`);
    expect(res.html).not.toContain("<script>alert('x')</script>");
    const head = headOf(res.html);
    expect(head.scripts).toBe(1);
    expect(head.meta('og:title')).toBe(HOSTILE);
    expect(head.meta('twitter:description')).toBe(HOSTILE);
    expect(head.title).toBe(`${HOSTILE} · Buildboard`);
    const profile = headOf((await page(`/profile/${author.user.handle}`)).html);
    expect(profile.meta('og:title')).toBe(HOSTILE);
    expect(profile.scripts).toBe(1);
  });

  it('when a profile and a blog post are fetched, then they carry their own previews and their feeds', async () => {
    const m = await t.signUp({ firstName: 'Cy', lastName: 'Maker' });
    const profile = headOf((await page(`/profile/${m.user.handle}`)).html);
    expect(profile.meta('og:title')).toBe('Cy Maker');
    expect(profile.meta('og:type')).toBe('profile');
    expect(profile.meta('og:description')).toBe("Cy Maker's projects on Buildboard.");
    expect(profile.meta('og:image')).toBe(`${t.url}/og/site.png`);
    expect(profile.links).toContainEqual({ rel: 'alternate', type: 'application/rss+xml', href: `${t.url}/profile/${m.user.handle}/feed.xml` });
    expect(profile.links).toContainEqual({ rel: 'alternate', type: 'application/atom+xml', href: `${t.url}/profile/${m.user.handle}/atom.xml` });

    await t.database.db.insert(blogPosts).values({ slug: 'hello-world', title: 'Hello, world', excerpt: 'Our first post.', content: 'Body', authorName: 'The team', thumbnail: '/uploads/images/0123456789abcdef0123456789abcdef.png' });
    const post = headOf((await page('/blog/hello-world')).html);
    expect(post.meta('og:title')).toBe('Hello, world');
    expect(post.meta('og:description')).toBe('Our first post.');
    expect(post.meta('og:image')).toBe(`${t.url}/uploads/images/0123456789abcdef0123456789abcdef.png`);
    expect(post.links).toContainEqual({ rel: 'alternate', type: 'application/rss+xml', href: `${t.url}/blog/feed.xml` });
    const list = headOf((await page('/blog')).html);
    expect(list.links).toContainEqual({ rel: 'alternate', type: 'application/atom+xml', href: `${t.url}/blog/atom.xml` });
  });

  it("when the author is suspended or the project is deleted, then the link previews as nothing (the generic page)", async () => {
    const author = await t.signUp();
    const p = await insertProject(t.database.db, author.user.id, { title: 'Soon hidden' });
    expect(headOf((await page(`/project/${p.id}`)).html).meta('og:title')).toBe('Soon hidden');
    await discoveryKit(t.database.db, t.deps.cache).suspend(author.user.id);
    t.deps.cache.invalidate({ all: true });
    for (const path of [`/project/${p.id}`, `/profile/${author.user.handle}`, '/project/987654', '/blog/no-such-post']) {
      const res = await page(path);
      expect(res.status).toBe(200);
      expect(headOf(res.html).meta('og:title'), path).toBeNull();
      expect(headOf(res.html).title).toBe('Buildboard');
    }
    expect((await t.client().get(`/api/oembed?url=${encodeURIComponent(`${t.url}/project/${p.id}`)}`)).status).toBe(404);
    expect((await fetch(`${t.url}/embed/project/${p.id}`)).status).toBe(404);
    expect((await fetch(`${t.url}/profile/${author.user.handle}/feed.xml`)).status).toBe(404);
  });

  it('when a project is renamed, then its preview follows at once (the cached one is dropped)', async () => {
    const author = await t.signUp();
    const res = await author.client.post('/api/projects', { title: 'First name', description: 'D', thumbnail: 'https://cdn.example.com/a.png', category: 'Web Development', tutorialUrl: 'https://example.com/t', hostingType: 'external', projectUrl: 'https://example.com/p' });
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    expect(headOf((await page(`/project/${id}`)).html).meta('og:title')).toBe('First name');
    expect((await author.client.put(`/api/projects/${id}`, { title: 'Second name', description: 'D', thumbnail: 'https://cdn.example.com/a.png', category: 'Web Development', tutorialUrl: 'https://example.com/t', hostingType: 'external', projectUrl: 'https://example.com/p' })).status).toBe(200);
    expect(headOf((await page(`/project/${id}`)).html).meta('og:title')).toBe('Second name');
  });
});

describe('GET /api/oembed', () => {
  it('when asked for a project, a profile and a post, then it answers oEmbed 1.0 JSON: rich with the embed iframe, or a link', async () => {
    const author = await t.signUp({ firstName: 'Di', lastName: 'Vo' });
    const p = await insertProject(t.database.db, author.user.id, { title: 'Embeddable <b>', thumbnail: 'https://cdn.example.com/x.svg' });
    const res = await t.client().get(`/api/oembed?url=${encodeURIComponent(`${t.url}/project/${p.id}`)}&maxwidth=300`);
    expect(res.status).toBe(200);
    const body = ZOembedSchema.parse(res.body);
    expect(body).toMatchObject({ version: '1.0', type: 'rich', title: 'Embeddable <b>', author_name: 'Di Vo', author_url: `${t.url}/profile/${author.user.handle}`, provider_name: 'Buildboard', width: 300, height: 420 });
    expect(body.html).toBe(`<iframe src="${t.url}/embed/project/${p.id}" width="300" height="420" title="Embeddable &lt;b&gt; on Buildboard" style="border:0;max-width:100%" loading="lazy"></iframe>`);
    expect(body.thumbnail_url).toBe(`${t.url}/og/project/${p.id}.png`);

    const profile = await t.client().get(`/api/oembed?url=${encodeURIComponent(`${t.url}/profile/${author.user.handle}`)}`);
    expect(profile.body).toMatchObject({ type: 'link', title: 'Di Vo' });
    await t.database.db.insert(blogPosts).values({ slug: 'oembed-post', title: 'A post', excerpt: 'E', content: 'C', authorName: 'Team' });
    const post = await t.client().get(`/api/oembed?url=${encodeURIComponent(`${t.url}/blog/oembed-post`)}`);
    expect(post.body).toMatchObject({ type: 'link', title: 'A post', author_name: 'Team' });
  });

  it('when the url is bad, elsewhere or unknown, or xml is asked, then 400, 404 and 501 with messages', async () => {
    const c = t.client();
    expect((await c.get('/api/oembed')).body).toEqual({ message: 'url must be the http(s) address of a Buildboard project, profile or blog post' });
    expect((await c.get('/api/oembed?url=javascript:alert(1)')).status).toBe(400);
    const elsewhere = await c.get(`/api/oembed?url=${encodeURIComponent('https://evil.example/project/1')}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toEqual({ message: 'No embeddable page at this url' });
    expect((await c.get(`/api/oembed?url=${encodeURIComponent(`${t.url}/saved`)}`)).status).toBe(404);
    expect((await c.get(`/api/oembed?url=${encodeURIComponent(`${t.url}/project/1`)}&format=yaml`)).body).toEqual({ message: 'format must be json or xml' });
    const xml = await c.get(`/api/oembed?url=${encodeURIComponent(`${t.url}/project/1`)}&format=xml`);
    expect(xml.status).toBe(501);
    expect(xml.body).toEqual({ message: 'Only format=json is answered' });
    expect((await c.get(`/api/oembed?url=${encodeURIComponent(`${t.url}/project/1`)}&maxwidth=0`)).body).toEqual({ message: 'maxwidth and maxheight must be whole numbers from 1 to 10000' });
  });
});

describe('the embed card', () => {
  it('when /embed/project/{id} is fetched, then a script-free card with title, creator, thumbnail, likes and a link back, which any site may frame; no other page may be', async () => {
    const author = await t.signUp({ firstName: 'Eve' });
    const p = await insertProject(t.database.db, author.user.id, { title: `Card ${HOSTILE}`, reactionCount: 1234, thumbnail: 'https://cdn.example.com/card.webp' });
    const res = await page(`/embed/project/${p.id}`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const doc = new DOMParser().parseFromString(res.html, 'text/html');
    expect(doc.getElementsByTagName('script').length).toBe(0);
    expect(doc.getElementsByTagName('h1')[0]?.textContent).toBe(`Card ${HOSTILE}`);
    expect(res.html).toContain('by <a');
    expect(res.html).toContain('Eve');
    expect(res.html).toContain('1.2K likes');
    expect(res.html).toContain('src="https://cdn.example.com/card.webp"');
    expect(res.html).toContain(`href="${t.url}/project/${p.id}?src=embed"`);
    for (const other of ['/', `/project/${p.id}`, '/api/health', '/blog/feed.xml']) {
      const h = (await fetch(t.url + other)).headers;
      expect(h.get('x-frame-options'), other).toBe('SAMEORIGIN');
      expect(h.get('content-security-policy'), other).toContain("frame-ancestors 'self'");
    }
    expect((await page('/embed/project/abc')).status).toBe(404);
  });
});

describe('feeds', () => {
  it('when the blog feeds are read, then RSS 2.0 and Atom parse with a feed parser and list the posts, newest first', async () => {
    await t.database.db.insert(blogPosts).values([
      { slug: 'older-post', title: 'Older & wiser', excerpt: 'First <em>excerpt</em>', content: 'C', authorName: 'Team', publishedAt: new Date('2026-01-01T00:00:00Z') },
      { slug: 'newer-post', title: `Newer ${HOSTILE}\u0001`, excerpt: 'Second', content: 'C', authorName: 'Team', publishedAt: new Date('2026-02-01T00:00:00Z') },
    ]);
    t.deps.cache.invalidate({ all: true });
    const rss = await fetch(`${t.url}/blog/feed.xml`);
    expect(rss.headers.get('content-type')).toContain('application/rss+xml');
    const rssFeed = parseFeed(await rss.text());
    expect(rssFeed.meta.type).toBe('rss');
    expect(rssFeed.title).toBe('The Buildboard blog');
    const titles = rssFeed.items.map((i) => i.title);
    expect(titles.indexOf(`Newer ${HOSTILE}`)).toBeLessThan(titles.indexOf('Older & wiser'));
    const older = rssFeed.items.find((i) => i.title === 'Older & wiser')!;
    expect(older.url).toBe(`${t.url}/blog/older-post?src=feed`);
    expect(older.id).toBe(`${t.url}/blog/older-post`);
    expect(older.description).toBe('First <em>excerpt</em>');
    expect(older.published?.toISOString()).toBe('2026-01-01T00:00:00.000Z');

    const atom = await fetch(`${t.url}/blog/atom.xml`);
    expect(atom.headers.get('content-type')).toContain('application/atom+xml');
    const atomFeed = parseFeed(await atom.text());
    expect(atomFeed.meta.type).toBe('atom');
    expect(atomFeed.items.map((i) => i.title)).toEqual(titles);
    expect(atomFeed.self).toBe(`${t.url}/blog/atom.xml`);
  });

  it("when a creator's feeds are read, then their projects are the entries; unknown creators are 404", async () => {
    const m = await t.signUp({ firstName: 'Fay' });
    const a = await insertProject(t.database.db, m.user.id, { title: 'Fay one', createdAt: new Date('2026-03-01T00:00:00Z') });
    const b = await insertProject(t.database.db, m.user.id, { title: 'Fay two', createdAt: new Date('2026-03-02T00:00:00Z') });
    for (const [path, type] of [[`/profile/${m.user.handle}/feed.xml`, 'rss'], [`/profile/${m.user.handle}/atom.xml`, 'atom']] as const) {
      const feed = parseFeed(await (await fetch(t.url + path)).text());
      expect(feed.meta.type).toBe(type);
      expect(feed.title).toBe('Fay on Buildboard');
      expect(feed.items.map((i) => i.title)).toEqual(['Fay two', 'Fay one']);
      expect(feed.items.map((i) => i.url)).toEqual([`${t.url}/project/${b.id}?src=feed`, `${t.url}/project/${a.id}?src=feed`]);
    }
    expect((await fetch(`${t.url}/profile/nobody_here_at_all/feed.xml`)).status).toBe(404);
  });
});
