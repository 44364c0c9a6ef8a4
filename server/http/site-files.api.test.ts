import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOMPRESS_AFTER_SENDS } from '../cache/public-cache';
import { insertProject } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { precompressedAssets } from './site-files';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(() => t.close(), 60_000);

/** node:http, so that Accept-Encoding is exactly what the test says and nothing is decoded. */
function raw(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('robots.txt and sitemap.xml', () => {
  it('when a crawler asks for robots.txt, then it gets text rules (not the app) naming the sitemap', async () => {
    const res = await raw(`${t.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body.toString();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /api/');
    expect(text).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
  });

  it('when a crawler asks for sitemap.xml, then it lists the public pages', async () => {
    const res = await raw(`${t.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    for (const path of ['/', '/terms', '/privacy', '/copyright']) expect(res.body.toString()).toContain(`${t.url}${path}</loc>`);
  });
});

describe('compression', () => {
  it('when a client accepts brotli or gzip, then large API answers come compressed, the cached ones from bytes compressed once', async () => {
    const { user } = await t.signUp();
    for (let i = 0; i < 12; i++) await insertProject(t.deps.db, user.id, { title: `Compressible project number ${i}`, description: 'x'.repeat(200) });
    // A cached answer, one sent with res.json, one sent with res.send.
    const paths = ['/api/projects/trending', '/api/projects?limit=12&offset=0', '/api/openapi.json'];
    const plain = new Map<string, string>();
    for (const path of paths) {
      const res = await raw(`${t.url}${path}`);
      expect(res.headers['content-encoding'], path).toBeUndefined();
      expect(res.body.length, path).toBeGreaterThan(1024);
      plain.set(path, res.body.toString());
    }
    for (const [accepted, expected, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      for (const path of paths) {
        const res = await raw(`${t.url}${path}`, { 'accept-encoding': accepted });
        expect(res.headers['content-encoding'], path).toBe(expected);
        expect(res.headers.vary, path).toContain('Accept-Encoding');
        expect(decode(res.body).toString(), path).toBe(plain.get(path));
      }
    }
    // Small answers stay as they are.
    const small = await raw(`${t.url}/api/unknown-${'x'.repeat(1500)}`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    // Pages outside the API too: the creator's feed.
    const feed = await raw(`${t.url}/profile/${user.handle}/feed.xml`, { 'accept-encoding': 'br' });
    expect(feed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(feed.body).toString()).toContain('Compressible project number 11');
  });

  it('when a cached answer has been sent often, then it is compressed again, smaller, and still reads the same', async () => {
    const { user } = await t.signUp();
    // Words in no fixed order, so that a slower setting finds more to save than in a run of one letter.
    const words = ['react', 'dashboard', 'queue', 'parser', 'vector', 'canvas', 'socket', 'render', 'shader', 'cache', 'token', 'stream'];
    let seed = 7;
    const text = (n: number) => Array.from({ length: n }, () => words[(seed = (seed * 48271) % 2147483647) % words.length]).join(' ');
    const project = await insertProject(t.deps.db, user.id, { title: `Often read ${text(3)}`, description: text(300) });
    const page = `${t.url}/api/projects/${project.id}`;
    const plain = (await raw(page)).body.toString();
    const sizes: number[] = [];
    for (let i = 0; i < RECOMPRESS_AFTER_SENDS + 1; i++) {
      const res = await raw(page, { 'accept-encoding': 'br' });
      expect(brotliDecompressSync(res.body).toString()).toBe(plain);
      sizes.push(res.body.length);
    }
    expect(sizes.slice(0, RECOMPRESS_AFTER_SENDS - 1).every((size) => size === sizes[0])).toBe(true);
    expect(sizes.at(-1)).toBeLessThan(sizes[0]!);
  });
});

describe('precompressed assets', () => {
  let dir: string;
  let server: Server;
  let base: string;
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bb-assets-'));
    writeFileSync(join(dir, 'app-abc123.js'), js);
    writeFileSync(join(dir, 'app-abc123.js.br'), brotliCompressSync(js));
    writeFileSync(join(dir, 'app-abc123.js.gz'), gzipSync(js));
    const app = express();
    app.use('/assets', precompressedAssets(dir));
    app.use('/assets', express.static(dir));
    server = createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when the browser accepts brotli, then the .br twin is sent as JavaScript, immutable for a year', async () => {
    const res = await raw(`${base}/app-abc123.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.body.length).toBeLessThan(js.length / 4);
  });

  it('when only gzip is accepted, then the .gz twin; with neither, the file itself', async () => {
    expect((await raw(`${base}/app-abc123.js`, { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    const plain = await raw(`${base}/app-abc123.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
  });
});
