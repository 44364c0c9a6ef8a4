// npm run check:bundle: the JavaScript a first visit downloads, gzip-compressed, per entry route, from
// the build's manifest (vite.config.ts: build.manifest). Fails when a route is over its budget, so a
// build that grows past it fails CI. BUNDLE_DIR selects the build (default dist/web).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LANDING_SCREEN, SIGNED_IN_SCREEN } from './first-screens';

/** Bytes of gzip-compressed JavaScript each first page may load (issue 16's target: 170 kB). */
export const BUDGET_BYTES = 170 * 1000;

const dir = resolve(process.env.BUNDLE_DIR ?? 'dist/web');
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

const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entry) throw new Error('The build manifest has no entry');
const routes = {
  'landing in the SPA (/ signed out, other addresses)': { keys: [entry, ...LANDING_SCREEN], budget: BUDGET_BYTES },
  'Explore (/ signed in)': { keys: [entry, ...SIGNED_IN_SCREEN], budget: BUDGET_BYTES },
};

const gzipped = new Map<string, number>();
const sizeOf = (file: string): number => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dir, file)), { level: 9 }).length);
  return gzipped.get(file)!;
};

/** What the prerendered landing page (landing.html, scripts/prerender-landing.ts) loads: its own script only. */
const STATIC_LANDING_BUDGET_BYTES = 2 * 1000;
const staticLanding = join(dir, 'landing.html');
// npm run build:web always writes it: a build without it is a broken prerender, not a page to skip.
if (!existsSync(staticLanding)) throw new Error(`${staticLanding} is missing: npm run build:web prerenders it`);
const staticScripts = [...readFileSync(staticLanding, 'utf8').matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)].map((m) => m[1]!);

let failed = false;
const measured: [string, string[], number][] = Object.entries(routes).map(([route, { keys, budget }]) => {
  const files = new Set<string>();
  for (const k of keys) for (const f of closure(k)) files.add(f);
  return [route, [...files], budget];
});
measured.push(['landing, static page (/ without a session)', staticScripts, STATIC_LANDING_BUDGET_BYTES]);
for (const [route, files, budget] of measured) {
  const js = files.filter((f) => f.endsWith('.js'));
  const total = js.reduce((sum, f) => sum + sizeOf(f), 0);
  const ok = total <= budget;
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${route}: ${(total / 1000).toFixed(1)} kB gzip in ${js.length} files (budget ${budget / 1000} kB)`);
  if (!ok || process.env.BUNDLE_VERBOSE) {
    for (const f of js.sort((a, b) => sizeOf(b) - sizeOf(a)).slice(0, 8)) console.log(`       ${(sizeOf(f) / 1000).toFixed(1).padStart(6)} kB  ${f}`);
  }
}
if (failed) {
  console.error('The JavaScript budget is exceeded: split the new code into a lazy chunk or remove weight.');
  process.exit(1);
}
