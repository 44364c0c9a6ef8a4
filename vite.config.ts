import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { desktopOutDir, desktopPlugins } from './desktop/build/electron-targets';
import { LANDING_SCREEN, SIGNED_IN_SCREEN } from './scripts/first-screens';

/**
 * Writes a .br and a .gz twin beside every compressible asset of the build, at the best compression
 * levels; the server sends them as they are (server/http/site-files.ts precompressedAssets).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'buildboard-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg|json|txt|html|wasm)$/.test(name)) continue;
        const bytes = readFileSync(join(assets, name));
        if (bytes.length < 1024) continue;
        writeFileSync(join(assets, `${name}.gz`), gzipSync(bytes, { level: 9 }));
        writeFileSync(join(assets, `${name}.br`), brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The first screens' code in a few chunks rather than dozens of small shared ones (one per set of pages
 * that use a module): fewer requests, and gzip and brotli compress a larger file better
 * (npm run check:bundle measures them). What the entry loads stays in its chunk. Of what the signed-in
 * shell with Explore loads: what the landing page loads too goes to `first-screens`, what other visitor
 * pages (or parts every page loads later, like the toast) load too goes to `shared-ui`, the rest to
 * `signed-in`, so visitors never download the signed-in chunk. Every other module keeps the automatic
 * chunking. Each set is closed under imports, so no chunk imports one of a later group.
 */
function firstScreenChunks() {
  const visitors = [
    ...LANDING_SCREEN,
    'features/auth/sign-in-page.tsx',
    'features/legal/terms-page.tsx',
    'features/legal/privacy-page.tsx',
    'features/legal/copyright-page.tsx',
    'features/not-found/not-found-page.tsx',
    'components/toast-view.tsx',
    'components/offline-alert.tsx',
  ];
  type Graph = { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null };
  /** Every module the given files load statically (themselves included). */
  const closure = (graph: Graph, files: string[]) => {
    const seen = new Set<string>();
    const walk = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const dep of graph.getModuleInfo(id)?.importedIds ?? []) walk(dep);
    };
    for (const f of files) {
      const id = here(`./web/${f}`);
      // A listed page that was moved or renamed would silently leave its code out of the groups.
      if (!graph.getModuleInfo(id)) throw new Error(`vite.config.ts: web/${f} is not in the module graph`);
      walk(id);
    }
    return seen;
  };
  // The pages themselves stay chunks of their own (the router imports them; the manifest names them).
  const pages = new Set([...LANDING_SCREEN, ...SIGNED_IN_SCREEN].map((f) => here(`./web/${f}`)));
  let sets: Record<'entry' | 'landing' | 'signedIn' | 'visitors', Set<string>> | null = null;
  const chunkOf = (id: string, graph: Graph): string | null => {
    sets ??= {
      entry: closure(graph, ['main.tsx']),
      landing: closure(graph, LANDING_SCREEN),
      signedIn: closure(graph, SIGNED_IN_SCREEN),
      visitors: closure(graph, visitors),
    };
    if (sets.entry.has(id) || pages.has(id) || !sets.signedIn.has(id)) return null;
    if (sets.landing.has(id)) return 'first-screens';
    return sets.visitors.has(id) ? 'shared-ui' : 'signed-in';
  };
  // A group of its own for each chunk, the most shared first: a group takes its modules' dependencies
  // along, unless an earlier group has them.
  return ['first-screens', 'shared-ui', 'signed-in'].map((name, i) => ({
    name: (id: string, graph: Graph) => (chunkOf(id, graph) === name ? name : null),
    debugName: name,
    priority: 3 - i,
  }));
}
const DESKTOP_DEV_PORT = Number(process.env.DESKTOP_DEV_PORT ?? 5173);
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 5000}`;

// `--mode desktop` (npm run desktop:build / desktop:dev) also builds the Electron main process and preload
// (desktop/build/electron-targets.ts), and the renderer goes to dist/desktop/web.
export default defineConfig(({ command, mode }) => ({
  root: here('./web'),
  base: '/',
  plugins: [
    react(),
    precompress(),
    // The app shell is precached so a reload offline opens the app; /api, hosted projects, uploads and
    // sockets always go to the network (the data offline comes from the local store, web/offline).
    VitePWA({
      injectRegister: null,
      registerType: 'autoUpdate',
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The prerendered landing page (npm run build:web writes it after this build) is the server's
        // answer to a first visit only; once installed, the worker opens the SPA for every navigation.
        globIgnores: ['**/node_modules/**/*', 'landing.html', 'assets/static-landing-*'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/hosted\//, /^\/uploads\//, /^\/socket\.io\//],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        // One sw.js without importScripts: the CSP keeps script sources to /assets/.
        inlineWorkboxRuntime: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    ...(mode === 'desktop' ? desktopPlugins(here('.'), command) : []),
  ],
  resolve: {
    // 'unload' (broadcast-channel's) on pagehide instead of the deprecated unload event (web/offline/page-unload.ts).
    alias: { '@shared': here('./shared'), '@web': here('./web'), unload: here('./web/offline/page-unload.ts') },
  },
  build: {
    outDir: mode === 'desktop' ? `${desktopOutDir(here('.'))}/web` : here('./dist/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Modules the entry loads stay together (first, so the groups below never take them).
            { name: 'index', tags: ['$initial'], priority: 4 },
            ...firstScreenChunks(),
          ],
        },
      },
    },
  },
  server: {
    // desktop:dev: the window's page is app://buildboard (desktop/main/app-protocol.ts fetches the UI from
    // here), so the HMR client needs this server's address spelled out.
    ...(mode === 'desktop' ? { port: DESKTOP_DEV_PORT, strictPort: true, hmr: { protocol: 'ws', host: 'localhost', clientPort: DESKTOP_DEV_PORT } } : {}),
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
      '/uploads': apiTarget,
    },
  },
}));
