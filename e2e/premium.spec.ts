import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startFakeStripe, type FakeStripe } from '../server/test/fake-stripe';
import { spawnServer, type SpawnedServer } from '../server/test/spawn-server';
import { DECLINED_CARD, routeStripe } from './stripe-js-stub';
import { newMember, signUpViaApi } from './support';

const toast = (page: Page) => page.getByTestId('toast');

/** No serious or critical axe violations on the current page. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

// The suite's own server has no Stripe keys: the embedded default.
test.describe('without payment keys', () => {
  test('the plans show and the page says payments are not configured; the API answers 503, never 500', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { name: 'Free', level: 2 })).toBeVisible();
    await expect(page.getByTestId('plan-free')).toContainText('$0 USD/month');
    await expect(page.getByTestId('plan-premium')).toContainText('$9 USD/month');
    await expect(page.getByTestId('plan-premium')).toContainText('Most Popular');
    await expect(page.getByTestId('payments-not-configured')).toHaveText('Payments are not configured');
    await expect(page.getByRole('button', { name: 'Subscribe' })).toHaveCount(0);
    const res = await page.request.post('/api/create-subscription');
    expect(res.status()).toBe(503);
    expect(await res.json()).toEqual({ message: 'Payments are not configured' });
    await expectAccessible(page);

    // Analytics is premium: a free member sees the preview and a link to /subscribe.
    await page.goto('/my-projects');
    await page.getByRole('link', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    await expect(page.getByTestId('analytics-preview')).toContainText('Advanced analytics are a Premium feature');
    await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscribe');
    await expectAccessible(page);
    expect((await page.request.get('/api/analytics?range=30d')).status()).toBe(403);
  });

  test('a visitor is told to log in and sent to /api/login after 2 seconds', async ({ page }) => {
    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
    await expect(toast(page)).toContainText('Authentication Required');
    await expect(toast(page)).toContainText('Please log in to access premium features');
    const shownAt = Date.now();
    await page.waitForURL((url) => url.pathname !== '/subscribe', { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1000);
    expect(page.url()).toMatch(/\/(api\/login|signin)/);
  });
});

test.describe('with Stripe (a local fake API and a Stripe.js stub)', () => {
  let fake: FakeStripe;
  let server: SpawnedServer;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    fake = await startFakeStripe();
    dataDir = mkdtempSync(join(tmpdir(), 'bb-e2e-premium-'));
    server = await spawnServer(
      {
        ...fake.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOGIN_RATE_LIMIT: '1000',
        WEB_DIST_DIR: resolve(process.env.E2E_WEB_DIST ?? 'dist/web'),
      },
      120_000,
    );
  });

  test.afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function memberContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ baseURL: server.url });
    await routeStripe(context, fake);
    const page = await context.newPage();
    await signUpViaApi(page, newMember('Ada', 'Lovelace'));
    return { context, page };
  }

  test('a member subscribes, sees the success countdown, gets the badge everywhere, then cancels', async ({ browser }) => {
    const { context, page } = await memberContext(browser);
    const me = (await (await page.request.get('/api/auth/user')).json()) as { handle: string };
    const created = await page.request.post('/api/projects', {
      data: {
        title: 'Premium raytracer',
        description: 'Spheres, shadows and a premium author.',
        thumbnail: 'https://example.com/ray.png',
        category: 'Game Development',
        tutorialUrl: 'https://example.com/tutorial',
        projectUrl: 'https://ray.example.com',
        hostingType: 'external',
        timeSpent: 2,
        timeUnit: 'days',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const project = (await created.json()) as { id: number };
    await page.request.post(`/api/projects/${project.id}/comments`, { data: { content: 'Made with care' } });

    await page.goto('/subscribe');
    await expect(page.getByTestId('plan-premium')).toContainText('Most Popular');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByLabel('Card number')).toBeVisible();
    await page.getByRole('button', { name: 'Pay $9.00 per month' }).click();
    await expect(toast(page)).toContainText('Payment Successful');
    // After 1.5 s, the welcome page.
    await page.waitForURL('**/subscribe/success');
    await expect(page.getByRole('heading', { name: 'Welcome to Premium!' })).toBeVisible();
    await expect(page.getByTestId('premium-benefits')).toContainText('3x visibility boost');
    await expect(page.getByRole('link', { name: 'Start Exploring' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'View My Projects' })).toHaveAttribute('href', '/my-projects');
    await expect(page.getByTestId('countdown')).toHaveText(/Redirecting to the home page in [1-5] seconds?\.\.\./);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 8_000 });

    // The countdown on a controlled clock, so axe can run while the page stays put.
    await page.clock.install();
    await page.goto('/subscribe/success');
    await expect(page.getByTestId('countdown')).toHaveText('Redirecting to the home page in 5 seconds...');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 900);
    await expect(page.getByTestId('countdown')).toHaveText(/in [3-5] seconds\.\.\./);
    // axe schedules its own short timers: pump the paused clock a millisecond at a time while it runs.
    // The clock belongs to the context, and axe opens and closes a blank page of its own in it: a tick
    // that lands as that page closes fails with 'Target closed', which is not the page under test.
    let axeDone = false;
    const axe = expectAccessible(page).finally(() => (axeDone = true));
    for (let ms = 0; !axeDone && ms < 800; ms += 1) await page.clock.runFor(1).catch(() => undefined);
    await axe;
    await expect(page).toHaveURL(/\/subscribe\/success$/);
    await expect(async () => {
      await page.clock.runFor(1000);
      expect(new URL(page.url()).pathname).toBe('/');
    }).toPass();
    await page.clock.resume();

    // The badge: profile, project card, project page and comment.
    await page.goto(`/profile/${me.handle}`);
    await expect(page.getByTestId('premium-badge').first()).toBeVisible();
    await expect(page.getByTestId('project-card').getByTestId('premium-badge')).toBeVisible();
    await page.goto(`/project/${project.id}`);
    await expect(page.getByRole('heading', { name: 'Premium raytracer' })).toBeVisible();
    await expect(page.getByTestId('premium-badge').first()).toBeVisible();
    await expect(page.getByTestId('comment').getByTestId('premium-badge')).toBeVisible();

    // Analytics: totals, charts over 7/30/90 days and the top-projects table.
    await page.goto('/analytics');
    await expect(page.getByTestId('analytics-totals')).toContainText('Comments1');
    await expect(page.getByTestId('activity-chart').locator('svg').first()).toBeVisible();
    await expect(page.getByTestId('top-projects')).toContainText('Premium raytracer');
    await page.getByRole('button', { name: '7 days' }).click();
    await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page);

    // You're Premium! with the expiry date, then Cancel Subscription: premium stays until the period end.
    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { name: "You're Premium!" })).toBeVisible();
    await expect(page.getByTestId('premium-expiry')).toContainText('Your premium access is active until');
    // A cancellation the server refuses says so, and nothing changes.
    await page.route('**/api/cancel-subscription', (route) => route.fulfill({ status: 502, json: { message: 'Stripe is unreachable' } }));
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(toast(page)).toContainText('Cancellation Failed');
    await expect(toast(page)).toContainText('Stripe is unreachable');
    await expect(page.getByTestId('premium-expiry')).toContainText('Your premium access is active until');
    await page.unroute('**/api/cancel-subscription');
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(toast(page)).toContainText('Subscription Cancelled');
    await expect(page.getByTestId('premium-expiry')).toContainText('Your premium access ends on');
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
    await context.close();
  });

  test('a declined card shows Payment Failed with the provider message; failures of the API and of Stripe.js have their toasts', async ({ browser }) => {
    const { context, page } = await memberContext(browser);
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByLabel('Card number').fill(DECLINED_CARD);
    await page.getByRole('button', { name: 'Pay $9.00 per month' }).click();
    await expect(toast(page)).toContainText('Payment Failed');
    await expect(toast(page)).toContainText('Your card was declined.');
    await expect(page).toHaveURL(/\/subscribe$/);

    // A member closes the toast to try another card (with the verification banner it covers the button).
    await toast(page).getByRole('button', { name: 'Close' }).click();
    await expect(toast(page)).toBeHidden();

    // An activation the server refuses: 'Payment Error'.
    await page.route('**/api/activate-premium', (route) => route.fulfill({ status: 409, json: { message: 'The payment has not succeeded' } }));
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $9.00 per month' }).click();
    await expect(toast(page)).toContainText('Payment Error');
    await expect(toast(page)).toContainText('The payment has not succeeded');
    await page.unroute('**/api/activate-premium');

    // Creating the subscription fails: 'Failed to create subscription'.
    await page.route('**/api/create-subscription', (route) => route.fulfill({ status: 500, json: { message: 'Internal server error' } }));
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page)).toContainText('Failed to create subscription');

    // The provider answers that the subscription is already active: 'Already Subscribed'.
    await page.route('**/api/create-subscription', (route) => route.fulfill({ status: 200, json: { status: 'active' } }));
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByTestId('already-subscribed')).toContainText('Already Subscribed');
    await context.close();
  });

  test('Stripe.js cannot load: Payment Setup Failed', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url });
    await context.route('https://js.stripe.com/**', (route) => route.abort());
    const page = await context.newPage();
    await signUpViaApi(page);
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page)).toContainText('Payment Setup Failed');
    await expect(toast(page)).toContainText('Unable to initialize payment. Please try again.');
    await context.close();
  });
});
