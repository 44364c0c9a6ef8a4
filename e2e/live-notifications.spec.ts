import { expect, test } from '@playwright/test';
import { newMember, signUpViaApi, watchLiveSocket } from './support';

test('a member sees a new follower live, without reloading: toast, badge and list', async ({ page, browser }) => {
  const ada = await signUpViaApi(page, newMember('Ada', 'Okafor'));
  const adaUser = (await (await page.request.get('/api/auth/user')).json()) as { handle: string };
  const socket = await watchLiveSocket(page);
  await page.goto('/notifications');
  await expect(page.getByText('No notifications yet')).toBeVisible();
  expect(ada.email).toBeTruthy();
  // The live socket connects once the page is idle; pushes reach it from then on.
  await expect.poll(socket.connected).toBe(1);

  // Someone else, in another browser, follows Ada.
  const other = await browser.newContext();
  const grace = await other.newPage();
  await signUpViaApi(grace, newMember('Grace', 'Hopper'));
  const follow = await grace.request.post(`/api/users/${adaUser.handle}/follow`);
  expect(follow.status()).toBe(200);

  await expect(page.getByTestId('toast')).toContainText('Grace Hopper started following you');
  await expect(page.getByText('Grace Hopper started following you').first()).toBeVisible();
  await expect(page.getByTestId('notifications-badge').first()).toContainText('1');
  await other.close();
});

test('a follow made while the page is still connecting its socket shows in the list and badge once it connects', async ({ page, browser }) => {
  await signUpViaApi(page, newMember('Ada', 'Lovelace'));
  const adaUser = (await (await page.request.get('/api/auth/user')).json()) as { handle: string };
  const socket = await watchLiveSocket(page, { hold: true });
  await page.goto('/notifications');
  await expect(page.getByText('No notifications yet')).toBeVisible();

  const other = await browser.newContext();
  const grace = await other.newPage();
  await signUpViaApi(grace, newMember('Grace', 'Hopper'));
  expect((await grace.request.post(`/api/users/${adaUser.handle}/follow`)).status()).toBe(200);

  socket.release();
  await expect.poll(socket.connected).toBe(1);
  await expect(page.getByText('Grace Hopper started following you').first()).toBeVisible();
  await expect(page.getByTestId('notifications-badge').first()).toContainText('1');
  await other.close();
});
