// npm run check:bundle: the JavaScript each first page makes the browser download, compressed as the
// server sends it (the .br twin of each asset, vite.config.ts precompress), against a budget; a build
// that grows past one fails CI. BUNDLE_DIR selects the build (default dist/web).
// - Signed-in Explore is opened in Chromium on the demo community (scripts/demo-server.ts): every script
//   the page asks for in its first FIRST_SECONDS counts, the parts loaded once the page is idle and the
//   lazily loaded chunks included, since a phone downloads and runs them all while the member looks at
//   the first screen.
// - The SPA's landing page (what a visitor gets at other addresses) counts the entry and what its page
//   imports statically, from the build's manifest.
// - The prerendered landing page (landing.html, `/` without a session) counts its own script.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { LANDING_SCREEN } from './first-screens';
import { signIn, startDemoServer } from './demo-server';

/** Bytes of compressed JavaScript signed-in Explore may load in its first seconds: a phone on a slow network still gets a usable page. */
export const EXPLORE_BUDGET_BYTES = 200 * 1000;
/** The first seconds of Explore that count: what a member waits through before using the page. */
const FIRST_SECONDS = 5;
/** Bytes of compressed JavaScript the SPA's landing page loads before it runs. */
const LANDING_BUDGET_BYTES = 170 * 1000;
/** What the prerendered landing page loads: its own script only. */
const STATIC_LANDING_BUDGET_BYTES = 2 * 1000;

const dir = resolve(process.env.BUNDLE_DIR ?? 'dist/web');
process.env.WEB_DIST_DIR ??= dir;

/** A file's size as the server sends it to a browser: its brotli twin where the build wrote one. */
function servedSize(file: string): number {
  const path = join(dir, file);
  return statSync(existsSync(`${path}.br`) ? `${path}.br` : path).size;
}

type Chunk = { file: string; isEntry?: boolean; imports?: string[] };
const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

/** A manifest entry with every chunk it imports statically (what the browser loads before it runs). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

function landingFiles(): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('The build manifest has no entry');
  const files = new Set<string>();
  for (const k of [entry, ...LANDING_SCREEN]) for (const f of closure(k)) files.add(f);
  return [...files];
}

function staticLandingFiles(): string[] {
  const page = join(dir, 'landing.html');
  // npm run build:web always writes it: a build without it is a broken prerender, not a page to skip.
  if (!existsSync(page)) throw new Error(`${page} is missing: npm run build:web prerenders it`);
  return [...readFileSync(page, 'utf8').matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)].map((m) => m[1]!);
}

/** How far the page's clock moves at a time; between steps the page gets what it asked for. */
const STEP_MS = 100;

/**
 * The scripts signed-in Explore asks for in its first FIRST_SECONDS, in a fresh Chromium profile. The
 * page's clock (timers, idle callbacks, Date) moves only once every request it made has been answered, so
 * the count is the same on a fast and on a loaded machine: the first seconds of a page that never waits
 * for its own CPU or the network.
 */
async function exploreFiles(): Promise<string[]> {
  const server = await startDemoServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext();
    const cookies = (await signIn(server)).split('; ').map((c) => c.split('='));
    await context.addCookies(cookies.map(([name, ...value]) => ({ name: name!, value: value.join('='), url: server.url })));
    const page = await context.newPage();
    const files = new Set<string>();
    const pending = new Set<unknown>();
    let pageTime = 0;
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      // The live socket's long-polling requests stay open by design.
      if (!path.startsWith('/socket.io/')) pending.add(req);
      if (path.endsWith('.js') && pageTime < FIRST_SECONDS * 1000) files.add(path.slice(1));
    });
    page.on('requestfinished', (req) => pending.delete(req));
    page.on('requestfailed', (req) => pending.delete(req));
    const settle = async () => {
      for (let waited = 0; pending.size > 0; waited += 50) {
        if (waited > 30_000) throw new Error(`Explore's requests did not finish: ${[...pending].map((r) => (r as { url: () => string }).url()).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    // Paused a minute ahead (no page is open yet): installing takes a moment of real time, and the clock
    // cannot be paused at a time it has passed.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto(`${server.url}/`, { waitUntil: 'commit' });
    await settle();
    for (; pageTime < FIRST_SECONDS * 1000; pageTime += STEP_MS) {
      await page.clock.runFor(STEP_MS);
      await settle();
    }
    // The page must be Explore, signed in: a sign-in page or an error would measure something else.
    await page.getByRole('heading', { name: 'Explore', level: 1 }).waitFor({ timeout: 1000 });
    return [...files];
  } finally {
    await browser.close();
    server.stop();
  }
}

const measured: [string, string[], number][] = [
  [`Explore (/ signed in), first ${FIRST_SECONDS} s in Chromium`, await exploreFiles(), EXPLORE_BUDGET_BYTES],
  ['landing in the SPA (/ signed out, other addresses)', landingFiles(), LANDING_BUDGET_BYTES],
  ['landing, static page (/ without a session)', staticLandingFiles(), STATIC_LANDING_BUDGET_BYTES],
];
let failed = false;
for (const [route, files, budget] of measured) {
  const js = files.filter((f) => f.endsWith('.js'));
  const total = js.reduce((sum, f) => sum + servedSize(f), 0);
  const ok = total <= budget;
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${route}: ${(total / 1000).toFixed(1)} kB brotli in ${js.length} files (budget ${budget / 1000} kB)`);
  if (!ok || process.env.BUNDLE_VERBOSE) {
    const shown = process.env.BUNDLE_VERBOSE ? js.length : 8;
    for (const f of js.sort((a, b) => servedSize(b) - servedSize(a)).slice(0, shown)) console.log(`       ${(servedSize(f) / 1000).toFixed(1).padStart(6)} kB  ${f}`);
  }
}
if (failed) {
  console.error('The JavaScript budget is exceeded: split the new code into a lazy chunk, load it later, or remove weight.');
  process.exit(1);
}
