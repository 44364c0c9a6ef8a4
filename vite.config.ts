import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 5000}`;

export default defineConfig({
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
  ],
  resolve: {
    alias: { '@shared': here('./shared'), '@web': here('./web') },
  },
  build: { outDir: here('./dist/web'), emptyOutDir: true, chunkSizeWarningLimit: 1500, manifest: true },
  server: {
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
      '/uploads': apiTarget,
    },
  },
});
