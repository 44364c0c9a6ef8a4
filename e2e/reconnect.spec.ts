import { expect, test } from '@playwright/test';
import { newMember, registerOnly, signUpViaApi, watchLiveSocket } from './support';

// The page's socket runs through a route that stands in for the server's end of the connection, so the
// test can close it from the server side, both ways a server does: a Socket.IO disconnect packet ('io server
// disconnect', which Socket.IO clients never retry by themselves) and closing the WebSocket (a stopped instance).
test('the page keeps receiving pushes after the server closes its socket', async ({ page, browser }) => {
  const socket = await watchLiveSocket(page);

  await signUpViaApi(page, newMember('Ada', 'Okafor'));
  const ada = (await (await page.request.get('/api/auth/user')).json()) as { handle: string };
  await page.goto('/notifications');
  await expect(page.getByText('No notifications yet')).toBeVisible();
  await expect.poll(socket.connected).toBe(1);

  const other = await browser.newContext();
  const follow = async (firstName: string) => {
    await registerOnly(other.request, newMember(firstName, 'Tester'));
    expect((await other.request.post(`/api/users/${ada.handle}/follow`)).status()).toBe(200);
    await expect(page.getByTestId('toast')).toContainText(`${firstName} Tester started following you`);
  };
  await follow('Grace');

  // The server ends the Socket.IO session: the page reconnects after a jittered delay.
  socket.latest().send('41');
  await expect.poll(socket.connected, { timeout: 15_000 }).toBe(2);
  await follow('Linus');

  // The server's end of the WebSocket closes (an instance stopping): the page reconnects again.
  await socket.latest().close({ code: 1001, reason: 'going away' });
  await expect.poll(socket.connected, { timeout: 15_000 }).toBe(3);
  await follow('Margaret');

  await expect(page.getByText('Margaret Tester started following you').first()).toBeVisible();
  await expect(page.getByTestId('notifications-badge').first()).toContainText('3');
  await other.close();
});
