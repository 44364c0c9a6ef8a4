// The app:// protocol: serves the bundled web UI from disk and forwards the API to the server.
//
//   app://buildboard/<asset>      a file of the web build (dist/web), else index.html (client routes)
//   app://buildboard/api/*        forwarded to <server>/api/*         with the session's cookie jar
//   app://buildboard/socket.io/*  forwarded to <server>/socket.io/*   (Socket.IO long-polling)
//   app://buildboard/uploads/*    forwarded to <server>/uploads/*
//   app://buildboard/hosted/*     redirected to <server>/hosted/*     (hosted projects never run on the app origin)
//
// The page never sees the server's cookies: the forwarding fetch runs in the main process with the
// session's cookie jar (HttpOnly cookies stay there), Set-Cookie answers are kept out of the page, and
// only requests the app's own pages make are forwarded (a foreign Origin is refused), so the server's
// same-origin guard keeps working: the forwarder vouches for the app origin by sending the server's own.
// Pure web Request/Response: Electron's protocol.handle calls it, tests call it directly.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { APP_HOST, APP_ORIGIN } from '../../shared/desktop/desktop-api';

const FORWARDED_PREFIXES = ['/api/', '/socket.io/', '/uploads/'];
const REDIRECTED_PREFIXES = ['/hosted/'];
const SAFE_METHODS = new Set(['GET', 'HEAD']);
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

// Request headers the page may not choose: the forwarder sets identity and cookies itself.
const DROPPED_REQUEST_HEADERS = ['host', 'origin', 'referer', 'cookie', 'connection', 'content-length'];
// Cookies stay in the jar; the body is already decoded by the forwarding fetch.
const DROPPED_RESPONSE_HEADERS = ['set-cookie', 'set-cookie2', 'content-encoding', 'content-length', 'transfer-encoding', 'connection'];

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The bundled UI's Content-Security-Policy: its own scripts only, API calls to itself (app://), hosted
 * project previews framed from the server (they are sandboxed there too), images from anywhere
 * secure (thumbnails are links). MUI (emotion) injects style elements, hence 'unsafe-inline' styles.
 */
export function contentSecurityPolicy(serverOrigin: string | null, devServerOrigin?: string): string {
  const frames = ['https:', ...(serverOrigin ? [serverOrigin] : [])].join(' ');
  // desktop:dev only: Vite's React refresh preamble is an inline script, and HMR talks over a socket.
  const devHmr = devServerOrigin ? ` ${devServerOrigin.replace(/^http/, 'ws')}` : '';
  return [
    "default-src 'self'",
    devServerOrigin ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${serverOrigin ? ` ${serverOrigin}` : ''}`,
    "font-src 'self' data:",
    `connect-src 'self'${devHmr}`,
    `frame-src ${frames}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export type AppProtocolOptions = {
  /** The folder of the web build (index.html and assets/). */
  webRoot: string;
  /** The server address the user chose, or null before the first-run screen. */
  getServerUrl: () => string | null;
  /** Electron's session.fetch (cookie jar of the app session); tests pass a fake. */
  fetch: (url: string, init: RequestInit & { duplex?: 'half' }) => Promise<Response>;
  /** desktop:dev: the UI comes from this Vite dev server (hot reload) instead of webRoot. */
  devServerUrl?: string;
  /** How the UI is fetched from the dev server; tests pass a fake. */
  devFetch?: (url: string) => Promise<Response>;
};

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' } });

/** True when a request was made by the app's own pages (or a navigation, which carries no Origin). */
function fromAppOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== APP_ORIGIN) return false;
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}

async function forward(request: Request, url: URL, server: URL, opts: AppProtocolOptions): Promise<Response> {
  if (!fromAppOrigin(request)) return text(403, 'Cross-origin request refused');
  const headers = new Headers();
  request.headers.forEach((value, key) => {
    if (!DROPPED_REQUEST_HEADERS.includes(key.toLowerCase())) headers.set(key, value);
  });
  // The server's same-origin guard sees its own origin only for requests the app itself made.
  if (!SAFE_METHODS.has(request.method)) headers.set('origin', server.origin);
  const target = new URL(url.pathname + url.search, server);
  const hasBody = !SAFE_METHODS.has(request.method) && request.body !== null;
  let answer: Response;
  try {
    answer = await opts.fetch(target.href, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      duplex: hasBody ? 'half' : undefined,
      credentials: 'include',
      redirect: 'manual',
    });
  } catch {
    return text(502, 'The Buildboard server cannot be reached');
  }
  // An opaque redirect (status 0) or anything else a Response cannot carry is not passed on.
  if (answer.status < 200 || answer.status > 599) return text(502, 'Unexpected answer from the Buildboard server');
  const out = new Headers();
  answer.headers.forEach((value, key) => {
    if (!DROPPED_RESPONSE_HEADERS.includes(key.toLowerCase())) out.set(key, value);
  });
  const body = NULL_BODY_STATUSES.has(answer.status) ? null : answer.body;
  return new Response(body, { status: answer.status, statusText: answer.statusText, headers: out });
}

/** A file of the web build, or null when the path leaves the root or names no file. */
async function readAsset(webRoot: string, pathname: string): Promise<{ body: Buffer; type: string } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const root = normalize(webRoot + sep);
  const file = normalize(join(root, decoded));
  if (!file.startsWith(root)) return null;
  try {
    if (!(await stat(file)).isFile()) return null;
    return { body: await readFile(file), type: CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}

/** desktop:dev: the UI's files from the Vite dev server, under the app origin and its CSP. */
async function fromDevServer(url: URL, server: URL | null, devServerUrl: string, devFetch: (url: string) => Promise<Response>): Promise<Response> {
  let answer: Response;
  try {
    answer = await devFetch(new URL(url.pathname + url.search, devServerUrl).href);
  } catch {
    return text(502, 'The Vite dev server cannot be reached (npm run desktop:dev)');
  }
  const headers = new Headers({ 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache' });
  const type = answer.headers.get('content-type');
  if (type) headers.set('content-type', type);
  if (type?.startsWith('text/html')) {
    headers.set('content-security-policy', contentSecurityPolicy(server?.origin ?? null, new URL(devServerUrl).origin));
    headers.set('referrer-policy', 'no-referrer');
  }
  return new Response(NULL_BODY_STATUSES.has(answer.status) ? null : await answer.arrayBuffer(), { status: answer.status, headers });
}

export function createAppProtocolHandler(opts: AppProtocolOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return text(404, 'Not found');
    const serverUrl = opts.getServerUrl();
    const server = serverUrl ? new URL(serverUrl) : null;
    const { pathname } = url;

    if (FORWARDED_PREFIXES.some((p) => pathname.startsWith(p)) || pathname === '/api') {
      if (!server) return text(503, 'No Buildboard server is set');
      return forward(request, url, server, opts);
    }
    if (REDIRECTED_PREFIXES.some((p) => pathname.startsWith(p))) {
      if (!server) return text(503, 'No Buildboard server is set');
      return new Response(null, { status: 307, headers: { location: new URL(pathname + url.search, server).href } });
    }
    if (!SAFE_METHODS.has(request.method)) return text(405, 'Method not allowed');
    if (opts.devServerUrl) return fromDevServer(url, server, opts.devServerUrl, opts.devFetch ?? fetch);

    const asset = (pathname !== '/' && (await readAsset(opts.webRoot, pathname))) || null;
    // Unknown paths are client routes of the single-page app, except missing build assets.
    if (!asset && (pathname.startsWith('/assets/') || extname(pathname) !== '')) return text(404, 'Not found');
    const page = asset ?? (await readAsset(opts.webRoot, '/index.html'));
    if (!page) return text(500, 'The app is incomplete: index.html is missing');
    const headers: Record<string, string> = {
      'content-type': page.type,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    };
    if (page.type.startsWith('text/html')) {
      headers['content-security-policy'] = contentSecurityPolicy(server?.origin ?? null);
      headers['referrer-policy'] = 'no-referrer';
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(page.body), { status: 200, headers });
  };
}
