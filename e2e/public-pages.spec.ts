import { expect, test, type Page } from '@playwright/test';

// Signed-out visitor on a fresh server: landing page, catch-all route, footer and legal pages (spec sections 1, 2).

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
