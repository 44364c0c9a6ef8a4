import { expect, test, type Page } from '@playwright/test';
import { linkOf, mailTo, mailsTo, newMember, signUpViaApi } from './support';

// A member's account, as they use it in the browser: mail read from the suite's real SMTP mailbox.

const at = (link: URL) => link.pathname + link.search;

async function signInByForm(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('when a member forgets their password, then "Forgot password?" mails a link that sets a new one and signs them in', async ({ browser }) => {
  const setup = await browser.newContext();
  const m = await signUpViaApi(await setup.newPage(), newMember('Grace', 'Forgetful'));
  await setup.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  // By keyboard: the address, then Enter sends it.
  await page.getByLabel('Email').fill(m.email);
  await page.keyboard.press('Enter');
  await expect(page.getByText("If an account exists for that address, we've sent it a link to reset its password.")).toBeVisible();

  const mail = await mailTo(page.request, m.email, 'Reset your Buildboard password');
  await page.goto(at(linkOf(mail)));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('a fresh start for grace');
  await page.getByLabel('Repeat the new password').fill('a fresh start for grac');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The two passwords are not the same')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill('a fresh start for grace');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
  await mailTo(page.request, m.email, 'Your password was changed');

  // The link works once.
  await page.goto(at(linkOf(mail)));
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('yet another password here');
  await page.getByLabel('Repeat the new password').fill('yet another password here');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This link has already been used. Please ask for a new one if you still need it.')).toBeVisible();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInByForm(otherPage, m.email, m.password);
  await expect(otherPage.getByText('Invalid email or password')).toBeVisible();
  await signInByForm(otherPage, m.email, 'a fresh start for grace');
  await expect(otherPage.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
  await other.close();
  await context.close();
});

test('when a new member has not verified their address, then a banner offers Resend, and the mailed link verifies it', async ({ page }) => {
  const m = await signUpViaApi(page, newMember('Vera', 'Fied'));
  await page.goto('/');
  const banner = page.getByTestId('unverified-banner');
  await expect(banner).toContainText(`Please verify your email address (${m.email})`);
  await banner.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByTestId('toast')).toContainText('Verification email sent. Check your inbox.');
  await expect.poll(async () => (await mailsTo(page.request, m.email)).length).toBe(2);
  const latest = (await mailsTo(page.request, m.email)).at(-1)!;
  await page.goto(at(linkOf(latest)));
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  await page.getByRole('link', { name: 'Continue to Buildboard' }).click();
  await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
  await expect(page.getByTestId('unverified-banner')).toHaveCount(0);
});

test('when a member signs out another device from Settings, then that device is signed out', async ({ browser }) => {
  const laptop = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' });
  const page = await laptop.newPage();
  const m = await signUpViaApi(page, newMember('Dev', 'Ices'));
  const phone = await browser.newContext({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1' });
  const phonePage = await phone.newPage();
  await signInByForm(phonePage, m.email, m.password);
  await expect(phonePage.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();

  await page.goto('/');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Signed-in sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText('This device');
  await list.getByRole('button', { name: 'Sign out Safari on iOS' }).click();
  await expect(page.getByTestId('toast')).toContainText('Safari on iOS was signed out.');
  await expect(list.getByRole('listitem')).toHaveCount(1);

  await phonePage.reload();
  await expect(phonePage.getByRole('heading', { name: /Share Your Code/ })).toBeVisible();
  await phone.close();
  await laptop.close();
});

test('when a member downloads their data, then the archive is built, mailed and downloadable from Settings', async ({ page }) => {
  const m = await signUpViaApi(page, newMember('Ada', 'Archive'));
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByRole('link', { name: /^Download the archive of/ })).toBeVisible({ timeout: 20_000 });
  await mailTo(page.request, m.email, 'Your Buildboard data is ready to download');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Download the archive of/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^buildboard-data-\d{4}-\d{2}-\d{2}\.zip$/);
});

test('when a member deletes their account, then they are signed out, and signing in again offers to restore it', async ({ page }) => {
  const m = await signUpViaApi(page, newMember('Leah', 'Ving'));
  await page.goto('/settings');
  await page.getByRole('main').getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('erased for good after 30 days');
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your current password is not correct')).toBeVisible();
  await dialog.getByLabel('Password').fill(m.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account was deleted. Sign in within 30 days to restore it.')).toBeVisible();
  await mailTo(page.request, m.email, 'Your Buildboard account was deleted');

  await page.getByLabel('Email').fill(m.email);
  await page.getByLabel('Password').fill(m.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Restore your account?' })).toBeVisible();
  await page.getByRole('button', { name: 'Restore my account' }).click();
  await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
});

test('when a member changes how a kind of notification reaches them, then it is saved at once and kept', async ({ page }) => {
  await signUpViaApi(page, newMember('Nora', 'Tify'));
  await page.goto('/settings#notifications');
  await expect(page.getByText('Emails go out once your address is verified.')).toBeVisible();
  const likes = page.getByLabel('Likes, ratings and shares');
  await expect(likes).toHaveValue('app');
  await likes.selectOption({ label: 'Off' });
  await expect(page.getByTestId('toast')).toContainText('Notification settings saved');
  await page.getByLabel('Follows').selectOption({ label: 'In a daily digest' });
  await page.reload();
  await expect(page.getByLabel('Likes, ratings and shares')).toHaveValue('off');
  await expect(page.getByLabel('Follows')).toHaveValue('digest');
  await expect(page.getByLabel('Comments and replies')).toHaveValue('email');
});
