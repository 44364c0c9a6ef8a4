import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The e2e suite runs the production build (dist/web served by the API server) on a fresh embedded database.
const port = Number(process.env.E2E_PORT ?? 5391);
const mailHttpPort = Number(process.env.E2E_MAIL_HTTP_PORT ?? 5392);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 5393);
process.env.E2E_MAIL_HTTP_PORT = String(mailHttpPort);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'buildboard-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // worker processes re-read this config: keep one data dir

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // No trace by default: recording one for every test (to keep it only on a failure) cost a fifth of the
    // suite's time. A failure keeps a screenshot; `npx playwright test --trace on <spec>` records one.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // The app first (bench/playwright.offline.config.ts reuses it), then the mailbox it sends to.
  webServer: [{
    command: 'npx tsx server/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOGIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // The admin e2e specs sign these in (e2e/admin-support.ts), and the accessibility sweep signs in
      // E2E_ADMIN_EMAIL (e2e/support.ts); once their address is verified they are admins.
      ADMIN_EMAILS: 'e2e-admin-portal@example.com,e2e-admin-blog@example.com,e2e-admin-reports@example.com,e2e-admin@example.com',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
    },
  }, {
    command: 'npx tsx e2e/mail-sink.ts',
    url: `http://127.0.0.1:${mailHttpPort}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_HTTP_PORT: String(mailHttpPort) },
  }],
});
