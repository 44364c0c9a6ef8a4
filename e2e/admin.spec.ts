import { expect, test } from '@playwright/test';
import { createProjectViaApi, dismissToast, expectAccessible, signInAsAdmin } from './admin-support';
import { newMember, registerOnly, signUpViaApi } from './support';

// These journeys cross several screens and run axe several times: more room than the default 60 s.
test.describe.configure({ timeout: 120_000 });

test('an admin suspends a member: a blank reason is refused, the member is signed out at once and shown as suspended', async ({ page, browser }) => {
  // The member, signed in with an open tab.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await signUpViaApi(memberPage, newMember('Suzy', 'Pender'));
  const memberUser = (await (await memberPage.request.get('/api/auth/user')).json()) as { id: string; handle: string };
  await createProjectViaApi(memberPage, 'Suzy suspended project');
  await memberPage.goto('/');
  await expect(memberPage.getByRole('heading', { name: 'Explore' })).toBeVisible();

  await signInAsAdmin(page, 'portal');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
  await expect(page.getByText('Manage users, moderate content, and review reports')).toBeVisible();
  for (const label of ['Total Users', 'Active Users', 'Suspended', 'Pending Reports']) {
    await expect(page.getByTestId(`admin-counter-${label.toLowerCase().replace(/\s+/g, '-')}`)).toContainText(label);
  }
  await expect(page.getByTestId('admin-counter-suspended').getByTestId('admin-counter-value')).toHaveText(/^\d+$/);
  const suspendedBefore = Number(await page.getByTestId('admin-counter-suspended').getByTestId('admin-counter-value').textContent());
  await expect(page.getByRole('tab', { name: /^Users \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: /^Reports \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Blog \(\d+\)$/ })).toBeVisible();
  // Admins have an Admin item in the sidebar.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, '/admin users tab');

  await page.getByLabel('Search users').fill(member.email);
  const row = page.getByTestId('admin-user-row').filter({ hasText: member.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Suzy Pender');
  await expect(row).toContainText(/Joined .* ago/);
  await row.getByRole('button', { name: 'Suspend Suzy Pender' }).click();

  const dialog = page.getByRole('dialog', { name: 'Suspend User' });
  await expect(dialog).toContainText('You are about to suspend Suzy Pender');
  await expectAccessible(page, 'suspend dialog');
  await dialog.getByRole('button', { name: 'Suspend User' }).click();
  await expect(page.getByTestId('toast')).toContainText('Error');
  await expect(page.getByTestId('toast')).toContainText('Please provide a suspension reason');
  await expect(dialog).toBeVisible();
  // Closed now: left to hide itself, it faded out during a later accessibility check (contrast mid-fade).
  await dismissToast(page);

  // Cancel clears the reason and the target.
  await dialog.getByLabel('Suspension Reason').fill('draft');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await row.getByRole('button', { name: 'Suspend Suzy Pender' }).click();
  await expect(dialog.getByLabel('Suspension Reason')).toHaveValue('');
  await dialog.getByLabel('Suspension Reason').fill('Posting spam links');
  await dialog.getByRole('button', { name: 'Suspend User' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
  await expect(row).toContainText('Suspension reason: Posting spam links');
  await expect(page.getByTestId('admin-counter-suspended').getByTestId('admin-counter-value')).toHaveText(String(suspendedBefore + 1));

  // The member's open tab is signed out without reloading (their socket was dropped, their session destroyed).
  await expect(memberPage.getByRole('heading', { name: 'Share Your Code, Inspire the World' })).toBeVisible();
  expect((await memberPage.request.get('/api/auth/user')).status()).toBe(401);
  const login = await memberPage.request.post('/api/auth/login', { data: { email: member.email, password: member.password } });
  expect(login.status()).toBe(403);
  expect(await login.text()).toContain('Your account has been suspended');
  await memberContext.close();

  // Other members see 'User Suspended'.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signUpViaApi(viewer);
  await viewer.goto(`/profile/${memberUser.handle}`);
  await expect(viewer.getByRole('heading', { name: 'User Suspended' })).toBeVisible();
  await expect(viewer.getByText('This user has been suspended and their profile is not available.')).toBeVisible();
  await viewerContext.close();

  // The admin profile view shows everything, with the suspension and the history.
  await row.getByRole('link', { name: 'View Profile of Suzy Pender' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/admin-view/${memberUser.id}$`));
  await expect(page.getByRole('heading', { name: 'Suzy Pender' })).toBeVisible();
  await expect(page.getByText(`@${memberUser.handle}`)).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
  await expect(page.getByTestId('suspension-details')).toContainText('Suspension Details');
  await expect(page.getByTestId('suspension-details')).toContainText('Posting spam links');
  await expect(page.getByText('Hidden from public due to suspension')).toBeVisible();
  await expect(page.getByTestId('admin-view-project')).toContainText('Suzy suspended project');
  await expect(page.getByText(/^Joined \w+ \d{4}$/)).toBeVisible();
  await expect(page.getByTestId('admin-history')).toContainText('Suspended user: Suzy Pender (Posting spam links)');
  await expectAccessible(page, '/profile/admin-view');

  // Unsuspend brings the member back.
  await page.goto('/admin');
  await page.getByLabel('Search users').fill(member.email);
  await row.getByRole('button', { name: 'Unsuspend Suzy Pender' }).click();
  await expect(row.getByText('Suspended', { exact: true })).toBeHidden();
  expect((await page.request.post('/api/auth/login', { data: { email: member.email, password: member.password } })).status()).toBe(200);
});

test('an admin deletes a member after confirming, and a missing user shows User Not Found', async ({ page }) => {
  const { user } = await registerOnly(page.request, newMember('Dora', 'Gone'));
  await signInAsAdmin(page, 'portal');
  await page.goto('/admin');
  await page.getByLabel('Search users').fill('Dora');
  const row = page.getByTestId('admin-user-row').filter({ hasText: 'Dora Gone' });
  await row.getByRole('button', { name: 'Delete Dora Gone' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete User' });
  await expect(confirm).toContainText('This will permanently delete Dora Gone and all their content');
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete User' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No users found')).toBeVisible();

  await page.goto(`/profile/admin-view/${user.id}`);
  await expect(page.getByRole('heading', { name: 'User Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Admin Portal' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // The Reports and Blog tabs pass axe too.
  await page.getByRole('tab', { name: /^Reports/ }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expectAccessible(page, '/admin reports tab');
  await page.getByRole('tab', { name: /^Blog/ }).click();
  await expect(page.getByRole('button', { name: 'New Post' })).toBeVisible();
  await expectAccessible(page, '/admin blog tab');
});

test('a member at /admin and at /profile/admin-view/{id} sees Access Denied; a visitor at /admin is asked to log in', async ({ page, browser }) => {
  const { user } = await registerOnly(page.request);
  await signUpViaApi(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('Admin Portal')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);

  await page.goto(`/profile/admin-view/${user.id}`);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('Administrator privileges are required to view user profiles.')).toBeVisible();
  await expect(page.getByText(/Admin: No/)).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/admin');
  await expect(visitor.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', /\/api\/login\?returnTo=%2Fadmin/);
  await visitorContext.close();
});
