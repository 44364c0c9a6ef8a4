import { expect, test } from '@playwright/test';
import { localRecords } from './offline-support';
import { newMember, signUpViaApi } from './support';

test('a visitor signs up through the UI and lands on the signed-in shell', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/signin\?.*mode=signup/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  // Inline validation before anything is sent.
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).last().click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  const m = newMember('Katherine', 'Johnson');
  await page.getByLabel('First name').fill(m.firstName!);
  await page.getByLabel('Last name').fill(m.lastName!);
  await page.getByLabel('Email').fill(m.email);
  await page.getByLabel('Password').fill(m.password);
  await page.getByRole('button', { name: 'Create account' }).last().click();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByTestId('sidebar-display-name')).toHaveText('Katherine Johnson');
  for (const item of ['Explore', 'Blog', 'My Profile', 'My Projects', 'Saved', 'Notifications', 'Premium']) {
    await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Explore', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Create Project' })).toBeVisible();
});

test('signing in with a wrong password shows the server message; the right one signs in', async ({ page }) => {
  const m = newMember();
  await page.request.post('/api/auth/register', { data: m });
  await page.context().clearCookies();
  await page.goto('/api/login');
  await page.getByLabel('Email').fill(m.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).last().click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password').fill(m.password);
  await page.getByRole('button', { name: 'Sign in' }).last().click();
  await expect(page.getByRole('link', { name: 'Sign Out' })).toBeVisible();
});

test('the sidebar falls back to the email name when the member gave no name', async ({ page }) => {
  const m = await signUpViaApi(page, newMember());
  await page.goto('/');
  await expect(page.getByTestId('sidebar-display-name')).toHaveText(m.email.split('@')[0]!);
});

test('a blank search does nothing and a padded one goes to /search trimmed', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/saved');
  const box = page.getByRole('textbox', { name: 'Search projects' });
  await expect(box).toHaveAttribute('placeholder', 'Search projects...');
  await box.fill('    ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/saved$/);
  await box.fill('  react & webgl  ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=react%20%26%20webgl$/);
});

test('Sign Out returns to the landing page', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Share Your Code, Inspire the World' })).toBeVisible();
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(401);
});

test.describe('without the service worker', () => {
  // Once installed, the SPA's service worker answers the navigation to / itself, with the SPA, which wipes
  // the store on its own (offline.spec.ts). Before that (or without it), the server's static landing page
  // answers a signed-out browser: its script must wipe the store.
  test.use({ serviceWorkers: 'block' });

  test('Sign Out returns to the static landing page, which wipes the local store', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
    await expect.poll(() => localRecords(page)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Sign Out' }).click();
    await expect(page.getByRole('heading', { name: 'Share Your Code, Inspire the World' })).toBeVisible();
    await expect(page.locator('script[src*="/assets/index-"]')).toHaveCount(0);
    // Listed only (opening one would make it anew): the store's databases are gone, and with them its records.
    await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).filter((d) => d.name?.includes('buildboard')).length)).toBe(0);
    expect(await localRecords(page)).toBe(0);
  });
});

test('an unknown path while signed in shows Page Not Found', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('/projects goes to the canonical /my-projects', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/projects');
  await expect(page).toHaveURL(/\/my-projects$/);
});

test('/admin asks visitors to log in and refuses members who are not admins', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/api/login?returnTo=%2Fadmin');
  await signUpViaApi(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});

test('while the sign-in state loads, a Loading... screen shows', async ({ page, baseURL }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/auth/user', async (route) => {
    await held;
    await route.continue();
  });
  // A session cookie (here one whose session is long gone) gets the SPA at /, which asks who is signed in;
  // without one, the server answers the static landing page at once (public-pages.spec.ts).
  await page.context().addCookies([{ name: 'bb.sid', value: 's%3Agone.signature', url: baseURL! }]);
  await page.goto('/');
  await expect(page.getByText('Loading...')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Share Your Code, Inspire the World' })).toBeVisible();
});
