import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { markYear } from '@shared/static-landing';
import { startTestServer, type TestServer } from '../test/harness';

// `/` without a session answers the prerendered landing page (npm run build:web writes
// dist/web/landing.html, scripts/prerender-landing.ts); with a session cookie, the SPA.

const HERO = 'Share Your Code, Inspire the World';
const SPA_SCRIPT = '<script type="module" crossorigin src="/assets/index-Abc123.js"></script>';
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Buildboard</title>${SPA_SCRIPT}</head><body><div id="root"></div></body></html>`;
// As the build writes it: the markup in #root, the page's own small script, the footer's year marked.
const LANDING_HTML =
  '<!doctype html><html lang="en"><head><title>Buildboard</title><style>body{margin:0}</style>' +
  '<script type="module" crossorigin src="/assets/static-landing-Def456.js"></script></head>' +
  `<body><div id="root"><h1>${HERO}</h1><p>© ${markYear(2001)} Buildboard. All rights reserved.</p></div></body></html>`;

let t: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'bb-web-'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  writeFileSync(join(webDist, 'landing.html'), LANDING_HTML);
  t = await startTestServer({ WEB_DIST_DIR: webDist }, { serveWeb: true });
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
}, 60_000);
afterEach(() => vi.useRealTimers());

/** node:http, so that the headers sent are exactly the test's and nothing is decoded. */
function raw(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    get(`${t.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('the landing page for visitors', () => {
  it('when / is asked without a session cookie, then the static landing page answers, with no SPA script and this year in its footer', async () => {
    const res = await raw('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('Cookie');
    const html = res.body.toString();
    expect(html).toContain(HERO);
    expect(html).toContain('/assets/static-landing-Def456.js');
    expect(html).not.toContain('/assets/index-');
    expect(html).toContain(`© ${new Date().getFullYear()} Buildboard. All rights reserved.`);
    expect(html).not.toContain('<!--year-->');
  });

  it('when / is asked with a session cookie, even a stale one, then the SPA answers', async () => {
    const stale = await raw('/', { cookie: 'theme=dark; bb.sid=s%3Agone.signature' });
    expect(stale.status).toBe(200);
    expect(stale.body.toString()).toBe(INDEX_HTML);
    expect(stale.headers.vary).toContain('Cookie');
    const { client } = await t.signUp();
    const member = await raw('/', { cookie: client.cookieHeader });
    expect(member.body.toString()).toContain(SPA_SCRIPT);
    expect(member.body.toString()).not.toContain(HERO);
  });

  it('when another page or the file itself is asked without a session, then the SPA answers as before', async () => {
    for (const path of ['/terms', '/anything/else', '/landing.html']) {
      const res = await raw(path);
      expect(res.status, path).toBe(200);
      expect(res.body.toString(), path).toBe(INDEX_HTML);
    }
    // `/` with a query string is still `/`.
    expect((await raw('/?ref=home')).body.toString()).toContain(HERO);
  });

  it('when the browser accepts brotli, then the page comes compressed, and a revalidation with its ETag answers 304', async () => {
    const plain = await raw('/');
    const br = await raw('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    const again = await raw('/', { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('when the year changes, then the footer shows the new year, not the build year', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-12-31T12:00:00'));
    expect((await raw('/')).body.toString()).toContain('© 2031 Buildboard.');
    vi.setSystemTime(new Date('2032-01-01T12:00:00'));
    expect((await raw('/')).body.toString()).toContain('© 2032 Buildboard.');
  });
});
