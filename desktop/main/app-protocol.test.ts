import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ORIGIN } from '../../shared/desktop/desktop-api';
import { contentSecurityPolicy, createAppProtocolHandler } from './app-protocol';

const SERVER = 'https://buildboard.example';
let webRoot: string;
let serverUrl: string | null;
const upstream = vi.fn(async (_url: string, _init: RequestInit & { duplex?: 'half' }) => new Response('{}'));
const handle = (path: string, init: RequestInit = {}) =>
  createAppProtocolHandler({ webRoot, getServerUrl: () => serverUrl, fetch: upstream })(new Request(`${APP_ORIGIN}${path}`, init));
const sentHeaders = () => new Headers(upstream.mock.calls[0]?.[1].headers);

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'buildboard-web-'));
  webRoot = join(dir, 'web');
  await mkdir(join(webRoot, 'assets'), { recursive: true });
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(webRoot, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(dir, 'secret.txt'), 'secret');
});
afterAll(() => rm(join(webRoot, '..'), { recursive: true, force: true }));
beforeEach(() => {
  upstream.mockClear();
  serverUrl = SERVER;
});

describe('the bundled UI', () => {
  it('when the root is asked for, then index.html comes with the strict CSP', async () => {
    const res = await handle('/');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(contentSecurityPolicy(SERVER));
    expect(upstream).not.toHaveBeenCalled();
  });

  it('when a client route is asked for, then index.html answers it', async () => {
    expect(await (await handle('/project/12')).text()).toContain('<div id="root">');
  });

  it('when an asset is asked for, then it is served with its type', async () => {
    const res = await handle('/assets/app.js');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await res.text()).toBe('console.log(1)');
  });

  it.each(['/assets/missing.js', '/../secret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '/%00.js'])(
    'when %s is asked for, then it is not found and nothing outside the build is read',
    async (path) => {
      const res = await handle(path);
      expect([404]).toContain(res.status);
      expect(await res.text()).not.toContain('secret');
    },
  );

  it('when another host of the scheme is asked for, then not found', async () => {
    const res = await createAppProtocolHandler({ webRoot, getServerUrl: () => SERVER, fetch: upstream })(new Request('app://other/'));
    expect(res.status).toBe(404);
  });

  it('when the CSP is built, then scripts are the app own only and frames are the server and https', () => {
    const csp = contentSecurityPolicy(SERVER);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain(`frame-src https: ${SERVER}`);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('forwarding to the server', () => {
  it('when the app reads the API, then the request goes to the server with the session jar', async () => {
    upstream.mockResolvedValueOnce(
      new Response('{"id":1}', {
        status: 200,
        headers: { 'content-type': 'application/json', 'set-cookie': 'sid=1; HttpOnly', 'content-encoding': 'gzip' },
      }),
    );
    const res = await handle('/api/auth/user?x=1', { headers: { cookie: 'sid=forged', accept: 'application/json' } });
    expect(upstream).toHaveBeenCalledOnce();
    const [url, init] = upstream.mock.calls[0]!;
    expect(url).toBe(`${SERVER}/api/auth/user?x=1`);
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', redirect: 'manual' });
    expect(sentHeaders().get('cookie')).toBeNull(); // cookies come from the jar only
    expect(sentHeaders().get('origin')).toBeNull();
    expect(sentHeaders().get('accept')).toBe('application/json');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 1 });
    expect(res.headers.get('set-cookie')).toBeNull(); // the page never sees the session cookie
    expect(res.headers.get('content-encoding')).toBeNull();
  });

  it('when the app writes, then the body is forwarded and the server sees its own origin', async () => {
    await handle('/api/projects', {
      method: 'POST',
      headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
      body: '{"title":"x"}',
    });
    const [, init] = upstream.mock.calls[0]!;
    expect(init.method).toBe('POST');
    expect(init.duplex).toBe('half');
    expect(await new Response(init.body).text()).toBe('{"title":"x"}');
    expect(sentHeaders().get('origin')).toBe(SERVER);
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['an opaque origin (a sandboxed hosted page)', { origin: 'null' }],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
  ])('when %s calls the API, then it is refused and nothing is forwarded', async (_what, headers) => {
    const res = await handle('/api/projects', { method: 'POST', headers, body: '{}' });
    expect(res.status).toBe(403);
    expect(upstream).not.toHaveBeenCalled();
  });

  it('when Socket.IO polls, then it is forwarded', async () => {
    await handle('/socket.io/?EIO=4&transport=polling&t=abc');
    expect(upstream.mock.calls[0]?.[0]).toBe(`${SERVER}/socket.io/?EIO=4&transport=polling&t=abc`);
  });

  it('when an upload is shown, then it is forwarded', async () => {
    await handle('/uploads/images/a.png');
    expect(upstream.mock.calls[0]?.[0]).toBe(`${SERVER}/uploads/images/a.png`);
  });

  it('when a hosted project is asked for, then it is redirected to the server, never served on the app origin', async () => {
    const res = await handle('/hosted/3/index.html');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(`${SERVER}/hosted/3/index.html`);
    expect(upstream).not.toHaveBeenCalled();
  });

  it('when the server answers a redirect, then the page gets it as is (a foreign target is then blocked by navigation rules)', async () => {
    upstream.mockResolvedValueOnce(new Response(null, { status: 302, headers: { location: 'https://idp.example/auth' } }));
    const res = await handle('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://idp.example/auth');
  });

  it('when the server answers 204, then an empty answer', async () => {
    upstream.mockResolvedValueOnce(new Response(null, { status: 204 }));
    expect((await handle('/api/notifications/1', { method: 'DELETE', headers: { origin: APP_ORIGIN } })).status).toBe(204);
  });

  it('when the server cannot be reached, then 502', async () => {
    upstream.mockRejectedValueOnce(new Error('ECONNREFUSED'));
    expect((await handle('/api/health')).status).toBe(502);
  });

  it('when no server is set yet, then the API answers 503 and the UI still loads', async () => {
    serverUrl = null;
    expect((await handle('/api/auth/user')).status).toBe(503);
    expect((await handle('/')).status).toBe(200);
    expect(upstream).not.toHaveBeenCalled();
  });
});

describe('desktop:dev', () => {
  const DEV = 'http://localhost:5173';
  const devFetch = vi.fn(async (url: string) =>
    new URL(url).pathname.endsWith('.ts') ? new Response('export {}', { headers: { 'content-type': 'text/javascript' } }) : new Response('<!doctype html><script type="module" src="/@vite/client"></script>', { headers: { 'content-type': 'text/html' } }),
  );
  const handleDev = (path: string) =>
    createAppProtocolHandler({ webRoot, getServerUrl: () => serverUrl, fetch: upstream, devServerUrl: DEV, devFetch })(new Request(`${APP_ORIGIN}${path}`));

  it('when the Vite dev server runs, then the UI comes from it on the app origin, with HMR allowed by the CSP', async () => {
    const page = await handleDev('/project/3');
    expect(devFetch).toHaveBeenLastCalledWith(`${DEV}/project/3`);
    expect(await page.text()).toContain('/@vite/client');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("connect-src 'self' ws://localhost:5173");
    expect(csp).toContain("script-src 'self' 'unsafe-inline'");
    const module = await handleDev('/main.tsx.ts?t=1');
    expect(devFetch).toHaveBeenLastCalledWith(`${DEV}/main.tsx.ts?t=1`);
    expect(module.headers.get('content-security-policy')).toBeNull();
  });

  it('when the API is asked for, then it still goes to the server, not to Vite', async () => {
    devFetch.mockClear();
    await handleDev('/api/auth/user');
    expect(upstream).toHaveBeenCalledWith(`${SERVER}/api/auth/user`, expect.anything());
    expect(devFetch).not.toHaveBeenCalled();
  });

  it('when built, then the CSP allows no inline script and no socket elsewhere', () => {
    expect(contentSecurityPolicy(SERVER)).toContain("script-src 'self';");
    expect(contentSecurityPolicy(SERVER)).toContain("connect-src 'self';");
  });
});
