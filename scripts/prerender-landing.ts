// Part of npm run build:web, after `vite build`: the visitor landing page as static HTML,
// dist/web/landing.html, which the server sends for `/` to a request without a session (the
// first visit paints without the SPA's JavaScript). It renders the SPA's own LandingPage
// (web/app/static-landing/render.tsx) into the built index.html, without the SPA's scripts, and builds
// the page's one small script (web/app/static-landing/landing-script.ts) on its own, so it shares no chunk
// with the SPA. Usage: tsx scripts/prerender-landing.ts [web build dir, default dist/web].
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { STATIC_LANDING_FILE } from '../shared/static-landing';

// React and Emotion in production mode: no development checks, short class names.
process.env.NODE_ENV = 'production';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const outDir = resolve(process.argv[2] ?? here('../dist/web'));

/** Builds the page's script into <outDir>/assets (hashed, like the SPA's assets); answers its URL path. */
async function buildLandingScript(): Promise<string> {
  const result = await build({
    configFile: false,
    root: here('../web'),
    base: '/',
    mode: 'production',
    logLevel: 'warn',
    resolve: { alias: { '@shared': here('../shared'), '@web': here('../web') } },
    build: {
      outDir,
      emptyOutDir: false, // the SPA's build is already there
      copyPublicDir: false,
      modulePreload: false,
      rolldownOptions: {
        // MUI's 'use client' directives, in modules the script only takes constants from.
        onwarn: (warning, warn) => warning.code !== 'MODULE_LEVEL_DIRECTIVE' && warn(warning),
        input: { landing: here('../web/app/static-landing/landing-script.ts') },
        output: { entryFileNames: 'assets/static-landing-[hash].js', chunkFileNames: 'assets/static-landing-[name]-[hash].js' },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((f): f is Rolldown.OutputChunk => f.type === 'chunk');
  // One file: the page must not wait for (or share) any other chunk.
  if (chunks.length !== 1 || !chunks[0]!.isEntry) throw new Error(`The landing script became ${chunks.length} chunks: ${chunks.map((c) => c.fileName).join(', ')}`);
  return `/${chunks[0]!.fileName}`;
}

const { renderStaticLanding, staticLandingDocument } = await import('../web/app/static-landing/render');
const scriptSrc = await buildLandingScript();
const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8');
const page = staticLandingDocument(indexHtml, renderStaticLanding(), scriptSrc);
writeFileSync(join(outDir, STATIC_LANDING_FILE), page);

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const script = readFileSync(join(outDir, scriptSrc));
console.log(
  `${STATIC_LANDING_FILE}: ${kB(page.length)} (${kB(gzipSync(page).length)} gzip), script ${scriptSrc}: ${kB(script.length)} (${kB(gzipSync(script).length)} gzip)`,
);
