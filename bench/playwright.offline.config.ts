import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

// npm run bench:offline: the e2e suite's server and browser, running only the offline revisit benchmark.
const webServers = Array.isArray(base.webServer) ? base.webServer : [base.webServer!];
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'offline-revisit.spec.ts',
  timeout: 300_000,
  webServer: webServers.map((w) => ({ ...w, cwd: fileURLToPath(new URL('..', import.meta.url)) })),
});
