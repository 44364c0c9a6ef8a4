import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newMember, registerOnly, signUpViaApi } from './support';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const uniqueHandle = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

test('the owner edits the profile: an invalid handle shows the inline error, a valid one saves with a toast', async ({ page }) => {
  await signUpViaApi(page, newMember('Ada', 'Lovelace'));
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  await expect(page.getByText('No projects yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Follow' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  // The form is filled from the profile.
  await expect(dialog.getByLabel('Display Name')).toHaveValue('Ada Lovelace');
  await expect(dialog.getByLabel('Handle')).toHaveValue(/^ada_lovelace\d*$/);

  await dialog.getByLabel('Handle').fill('no way!');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Handle can only contain letters, numbers, and underscores')).toBeVisible();
  await dialog.getByLabel('Handle').fill('ab');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Handle must be at least 3 characters')).toBeVisible();

  const handle = uniqueHandle('countess');
  await dialog.getByLabel('Display Name').fill('Countess Ada');
  await dialog.getByLabel('Handle').fill(handle);
  await dialog.getByLabel('Bio').fill('Wrote the first program.');
  await dialog.getByLabel('Location').fill('London');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();

  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Profile updated');
  await expect(toast).toContainText('Your profile has been updated successfully.');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Countess Ada' })).toBeVisible();
  await expect(page.getByTestId('profile-handle')).toHaveText(`@${handle}`);
  await expect(page.getByTestId('profile-bio')).toHaveText('Wrote the first program.');
  await expect(page.getByTestId('profile-location')).toHaveText('London');
  // The signed-in user was refreshed too.
  await expect(page.getByTestId('sidebar-display-name')).toHaveText('Countess Ada');

  // Reopening starts from the saved values.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(dialog.getByLabel('Handle')).toHaveValue(handle);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a handle taken by someone else shows the server message inline and as an Error toast', async ({ page, request }) => {
  const other = await registerOnly(request, newMember('Taken', 'Person'));
  await signUpViaApi(page, newMember('Late', 'Comer'));
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByLabel('Handle').fill(other.user.handle.toUpperCase());
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('This handle is already taken')).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText('Error');
  await expect(page.getByTestId('toast')).toContainText('This handle is already taken');
  await expect(dialog).toBeVisible();
});

test('the owner uploads an avatar image and sees it on the profile', async ({ page }) => {
  await signUpViaApi(page, newMember('Pic', 'Ture'));
  await page.goto('/profile');
  await expect(page.getByTestId('profile-avatar')).toHaveText('PT');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  const fileInput = dialog.getByTestId('avatar-file-input');
  // Not an image file: refused before upload; image type but other bytes: refused by the server's check.
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('toast')).toContainText('Please choose an image file');
  await fileInput.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('MZ not really a png') });
  await expect(page.getByTestId('toast')).toContainText('Only PNG, JPEG, GIF and WebP images can be uploaded');
  await expect(dialog.getByRole('textbox', { name: 'Profile Image URL' })).toHaveValue('');
  await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(dialog.getByRole('textbox', { name: 'Profile Image URL' })).toHaveValue(/^\/uploads\/images\/[a-f0-9]{32}\.png$/);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Profile updated');
  await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', /^\/uploads\/images\/[a-f0-9]{32}\.png$/);
});

test('a member follows and unfollows another member from their profile', async ({ page, request }) => {
  const star = await registerOnly(request, newMember('Star', 'Maker'));
  await signUpViaApi(page, newMember('Fan', 'Person'));
  await page.goto(`/profile/${star.user.handle}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Star Maker' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Star Maker Projects' })).toBeVisible();
  await expect(page.getByText('No projects found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);
  await expect(page.getByTestId('follower-count')).toHaveText('0');

  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByTestId('toast')).toContainText('User followed successfully!');
  await expect(page.getByTestId('follower-count')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();

  // The state survives a reload: it comes from the server.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await page.getByRole('button', { name: 'Unfollow' }).click();
  await expect(page.getByTestId('toast')).toContainText('User unfollowed successfully!');
  await expect(page.getByTestId('follower-count')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Follow' })).toBeVisible();
});

test('a profile with two complete social links and one incomplete shows two links that open in a new tab', async ({ page, request }) => {
  const owner = await registerOnly(request, newMember('Social', 'Butterfly'));
  const res = await request.patch('/api/user/profile', {
    data: {
      displayName: 'Social Butterfly',
      handle: owner.user.handle,
      socialMedia1Platform: 'github',
      socialMedia1Url: 'https://github.com/butterfly',
      socialMedia2Platform: 'x',
      socialMedia2Url: '',
      socialMedia3Platform: 'youtube',
      socialMedia3Url: 'https://youtube.com/@butterfly',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await signUpViaApi(page);
  await page.goto(`/profile/${owner.user.handle}`);
  const links = page.getByRole('list', { name: 'Social links' }).getByRole('link');
  await expect(links).toHaveCount(2);
  const github = page.getByRole('link', { name: 'View GitHub profile' });
  await expect(github).toHaveAttribute('href', 'https://github.com/butterfly');
  await expect(github).toHaveAttribute('target', '_blank');
  await expect(github).toHaveAttribute('title', 'View GitHub profile');
  await expect(page.getByRole('link', { name: 'View YouTube profile' })).toHaveAttribute('href', 'https://youtube.com/@butterfly');
  await expect(page.getByRole('link', { name: 'View X profile' })).toHaveCount(0);
});

test('an unknown handle shows Profile not found', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/profile/nobody_by_that_name');
  await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
});

test("a suspended user's profile shows the User Suspended screen with reason, date and Back to Home", async ({ page }) => {
  await signUpViaApi(page);
  // Suspending needs the admin portal; the screen is driven by the server's 403 answer.
  await page.route('**/api/users/suspended_one', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'User Suspended', reason: 'Posting spam', suspendedAt: '2025-03-04T12:00:00.000Z' }),
    }),
  );
  await page.goto('/profile/suspended_one');
  await expect(page.getByRole('heading', { name: 'User Suspended' })).toBeVisible();
  await expect(page.getByText('This user has been suspended and their profile is not available.')).toBeVisible();
  await expect(page.getByTestId('suspension-reason')).toHaveText('Reason: Posting spam');
  await expect(page.getByTestId('suspension-date')).toHaveText('Suspended on Mar 4, 2025');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
