import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 5000}`;

export default defineConfig({
  root: here('./web'),
  base: '/',
  plugins: [react()],
  resolve: {
    alias: { '@shared': here('./shared'), '@web': here('./web') },
  },
  build: { outDir: here('./dist/web'), emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
      '/uploads': apiTarget,
    },
  },
});
