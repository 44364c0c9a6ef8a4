import { expect, test, type Page } from '@playwright/test';

// Signed-out visitor on a fresh server: landing page, catch-all route, footer and legal pages.

const HERO = 'Share Your Code, Inspire the World';
const FEATURE_TITLES = ['Easy Sharing', 'Discover Amazing Projects', 'Vibrant Community'];

const LEGAL_PAGES = [
  {
    path: '/terms',
    title: 'Terms of Service',
    highlights: [
      'Premium is billed monthly at $9 USD per month',
      'You can cancel at any time',
      'access until the end of the current billing period',
      'Refunds are generally not provided for partial months',
      'a 3x visibility boost',
      'You must be at least 13 years old',
    ],
  },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    highlights: ['typically deleted within 30 days', 'typically within 72 hours', 'You must be at least 13 years old'],
  },
  {
    path: '/copyright',
    title: 'Copyright & IP',
    highlights: ['within 24 to 48 hours', 'DMCA'],
  },
] as const;

const footer = (page: Page) => page.getByRole('contentinfo');

test.describe('public pages, signed out', () => {
  test('when a visitor opens /, then the landing page shows header, hero, features, call to action and footer', async ({
    page,
  }) => {
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login');
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/api/login?mode=signup');
    await expect(page.getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute('href', '/api/login?mode=signup');

    const learnMore = page.getByRole('link', { name: 'Learn More' });
    await expect(learnMore).toHaveAttribute('href', '#features');
    await learnMore.click();
    await expect(page).toHaveURL(/#features$/);
    const features = page.locator('#features');
    await expect(features).toBeInViewport();
    for (const title of FEATURE_TITLES) {
      await expect(features.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }

    const year = new Date().getFullYear();
    await expect(footer(page)).toContainText(`© ${year} Buildboard. All rights reserved.`);
    for (const column of ['Platform', 'Support', 'Legal']) {
      await expect(footer(page).getByRole('heading', { name: column, exact: true })).toBeVisible();
    }
  });

  test('when a visitor opens /, then the page is the static one: it loads no SPA code, and its links still behave', async ({ page }) => {
    // The server answers the prerendered landing page (dist/web/landing.html) to a request
    // without a session; its one script is a small file of its own.
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
    await page.waitForLoadState('load');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/static-landing-[\w-]+\.js$/);
    await expect(page.locator('script[src*="/assets/index-"], link[rel="modulepreload"]')).toHaveCount(0);
    // The markup came with the page (no React app rendered it) and the scheme class is set.
    await expect(page.locator('html')).toHaveClass(/\blight\b/);

    // The skip link moves the focus to the content; the footer's placeholders go nowhere.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
    // (force: Playwright waits for an aria-disabled link to become enabled; a visitor can still click it.)
    await footer(page).getByRole('link', { name: 'Help Center' }).click({ force: true });
    await expect(page).toHaveURL(/\/$/);
  });

  test('when the system is in dark mode, then the static landing page is dark, with or without its script; a stored choice wins', async ({ browser, baseURL }) => {
    const DARK = 'rgb(11, 16, 32)'; // the theme's dark background.default, #0b1020
    const LIGHT = 'rgb(248, 250, 252)'; // #f8fafc
    const background = (page: Page) => page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor);
    const heroBackground = (page: Page) => page.locator('#root > div').evaluate((el) => getComputedStyle(el).backgroundColor);

    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ baseURL, colorScheme: 'dark', javaScriptEnabled });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
      expect(await background(page), `JavaScript ${javaScriptEnabled}`).toBe(DARK);
      expect(await heroBackground(page), `JavaScript ${javaScriptEnabled}`).toBe(DARK);
      if (javaScriptEnabled) await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await context.close();
    }

    // The member's choice in the SPA (MUI keeps it in localStorage) beats the system's, both ways.
    for (const [system, chosen, expected] of [['dark', 'light', LIGHT], ['light', 'dark', DARK]] as const) {
      const context = await browser.newContext({ baseURL, colorScheme: system });
      await context.addInitScript((mode) => localStorage.setItem('buildboard-theme', mode), chosen);
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${chosen}\\b`));
      expect(await background(page), `system ${system}, chosen ${chosen}`).toBe(expected);
      await context.close();
    }
  });

  test('when a visitor opens an unknown path, then the landing page is shown', async ({ page }) => {
    await page.goto('/anything/else');
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
    await expect(page.getByText('Page Not Found')).toHaveCount(0);
  });

  for (const legal of LEGAL_PAGES) {
    test(`when a visitor opens ${legal.path}, then its title and highlights are shown`, async ({ page }) => {
      await page.goto(legal.path);
      await expect(page.getByRole('heading', { level: 1, name: legal.title, exact: true })).toBeVisible();
      await expect(page.getByText('Last updated', { exact: false })).toBeVisible();
      const main = page.getByRole('main');
      for (const highlight of legal.highlights) {
        await expect(main.getByText(highlight).first()).toBeVisible();
      }
      await expect(page.getByRole('link', { name: 'Buildboard', exact: true })).toHaveAttribute('href', '/');
    });
  }

  test('when a visitor uses the footer legal links, then each legal page opens', async ({ page }) => {
    await page.goto('/');
    for (const legal of LEGAL_PAGES) {
      await footer(page).getByRole('link', { name: legal.title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${legal.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: legal.title, exact: true })).toBeVisible();
    }
  });
});
