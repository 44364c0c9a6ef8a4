// npm run check:bundle: the JavaScript a first visit downloads, gzip-compressed, per entry route, from
// the build's manifest (vite.config.ts: build.manifest). Fails when a route is over its budget, so a
// build that grows past it fails CI. BUNDLE_DIR selects the build (default dist/web).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Bytes of gzip-compressed JavaScript each first page may load (issue 16's target: 170 kB). */
export const BUDGET_BYTES = 170 * 1000;
/**
 * Explore is not down to the target yet: 220.4 kB, of which about 170 kB is the same shell the landing
 * page loads (React, the router, MUI's system, the query client) and the rest the signed-in shell (the
 * sidebar's search field and drawer, the offline layer) and the cards. The budget holds it where it is
 * so that it can only shrink; lower it as it does. Issue 16's 170 kB target for Explore is not met.
 */
const EXPLORE_BUDGET_BYTES = 225 * 1000;

const dir = resolve(process.env.BUNDLE_DIR ?? 'dist/web');
const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));

/** A manifest entry with every chunk it imports statically (what the browser loads before it runs). */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const routes = {
  'landing (/ signed out)': { keys: [entry, 'features/landing/landing-page.tsx'], budget: BUDGET_BYTES },
  'Explore (/ signed in)': { keys: [entry, 'app/layouts/app-shell.tsx', 'features/explore/explore-page.tsx'], budget: EXPLORE_BUDGET_BYTES },
};

const gzipped = new Map();
const sizeOf = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dir, file)), { level: 9 }).length);
  return gzipped.get(file);
};

let failed = false;
for (const [route, { keys, budget }] of Object.entries(routes)) {
  const files = new Set();
  for (const k of keys) for (const f of closure(k)) files.add(f);
  const js = [...files].filter((f) => f.endsWith('.js'));
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
