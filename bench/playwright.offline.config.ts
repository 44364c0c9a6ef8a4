import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

// npm run bench:offline: the e2e suite's server and browser, running only the offline revisit benchmark.
const webServer = Array.isArray(base.webServer) ? base.webServer[0]! : base.webServer!;
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'offline-revisit.spec.ts',
  timeout: 300_000,
  webServer: { ...webServer, cwd: fileURLToPath(new URL('..', import.meta.url)) },
});
