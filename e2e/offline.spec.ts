import { expect, test, type Page } from '@playwright/test';
import { createProject, localRecords, memberWithData, waitForServiceWorker, waitForStored } from './offline-support';
import { createProjectViaApi, newMember, signUpViaApi } from './support';

// Offline-first: the app shell comes from the service worker, the screens from the local
// store (RxDB on IndexedDB), and writes made offline wait in the outbox until the network is back.

test('a reload offline shows Explore, Saved, Notifications and a visited project from the local store', async ({ context, baseURL }) => {
  const { page, project } = await memberWithData(context, baseURL!);
  const visits: [string, () => ReturnType<Page['getByText']>, string][] = [
    ['/', () => page.getByText(project.title).first(), 'feed'],
    ['/saved', () => page.getByText(project.title).first(), 'own'],
    ['/notifications', () => page.getByText('New follower'), 'notifications'],
    [`/project/${project.id}`, () => page.getByRole('heading', { level: 1, name: project.title }), 'project'],
  ];
  for (const [path, content, kind] of visits) {
    await page.goto(path);
    await expect(content()).toBeVisible();
    await waitForStored(page, kind, kind === 'notifications' ? 'New follower' : project.title);
  }
  await waitForServiceWorker(page);

  // How fast the revisit paints is measured by the benchmark, not here (CI machines are shared).
  await context.setOffline(true);
  for (const [path, content] of visits) {
    await page.goto(path, { waitUntil: 'commit' });
    await expect(content()).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toContainText('You are offline');
    await expect(page.getByTestId('offline-banner')).toContainText(/Last synced .* ago/);
  }
  await expect(page.getByText('Page Not Found')).toHaveCount(0);
});

test('a like, a comment and a mark-read made offline reach the server exactly once after reconnect; sign-out wipes the store', async ({ context, baseURL }) => {
  const { page, project } = await memberWithData(context, baseURL!);
  await page.goto('/notifications');
  await expect(page.getByText('New follower')).toBeVisible();
  // Stored locally before the network goes (a page left sooner has nothing to show offline).
  await waitForStored(page, 'notifications', 'New follower');
  await page.goto(`/project/${project.id}`);
  await expect(page.getByTestId('like-button')).toHaveText(/Like \(0\)/);
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.getByTestId('like-button').click();
  await expect(page.getByTestId('like-button')).toHaveText(/Liked \(1\)/);
  await page.getByLabel('Add a comment').fill('Written on a plane');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByTestId('pending-comment')).toContainText('Written on a plane');
  await expect(page.getByTestId('pending-mark').first()).toBeVisible();

  // The outbox is durable: a reload offline keeps the queued writes.
  await page.goto('/notifications', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Mark "New follower" as read' }).click();
  await expect(page.getByTestId('notification').first()).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('pending-mark')).toBeVisible();
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByTestId('pending-mark')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('toast')).toContainText('Offline changes sent');
  await expect(page.getByTestId('toast')).toContainText('3 changes made offline reached the server.');
  await expect(page.getByTestId('pending-mark')).toHaveCount(0);

  // Exactly once, as the server counts them (a second flush has nothing left to send).
  await page.reload();
  const after = await (await page.request.get(`/api/projects/${project.id}`)).json();
  expect(after).toMatchObject({ reactionCount: 1, commentCount: 1 });
  const comments = await (await page.request.get(`/api/projects/${project.id}/comments`)).json();
  expect(comments.map((c: { content: string }) => c.content)).toEqual(['Written on a plane']);
  const notes = await (await page.request.get('/api/notifications')).json();
  expect(notes.map((n: { read: boolean }) => n.read)).toEqual([true]);

  expect(await localRecords(page)).toBeGreaterThan(0);
  await page.goto('/api/logout');
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await expect.poll(() => localRecords(page)).toBe(0);
});

test('a write queued offline for a project deleted meanwhile ends with a clear message', async ({ context, baseURL }) => {
  const { page, project, authorPage } = await memberWithData(context, baseURL!);
  await page.goto(`/project/${project.id}`);
  await expect(page.getByTestId('like-button')).toBeEnabled();
  await context.setOffline(true);
  await page.getByTestId('like-button').click();
  await expect(page.getByTestId('pending-mark')).toBeVisible();
  expect((await authorPage.request.delete(`/api/projects/${project.id}`)).status()).toBeLessThan(300);
  await context.setOffline(false);
  await expect(page.getByTestId('toast')).toContainText('An offline change could not be applied');
  await expect(page.getByTestId('toast')).toContainText('Like: Project not found');
});

async function fillProjectDialog(page: Page, baseURL: string, title: string) {
  const dialog = page.getByRole('dialog', { name: 'Create Project' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Drafted without a network.');
  await dialog.getByLabel('Thumbnail URL').fill(`${baseURL}/favicon.svg`);
  await dialog.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Web Development' }).click();
  await dialog.getByLabel('Tutorial URL').fill('https://example.com/tutorial');
  await dialog.getByLabel('External URL').fill('https://example.com/app');
  return dialog;
}

type SyncDraft = { _deleted: boolean; draft?: { data: { title?: string }; publishedProjectId: number | null } };
async function serverDrafts(page: Page): Promise<SyncDraft[]> {
  return (await (await page.request.get('/api/sync/drafts')).json()).documents;
}

test('a draft saved offline is published once after reconnect, even when Publish was pressed twice', async ({ page, baseURL }) => {
  await signUpViaApi(page, newMember('Dana', 'Drafts'));
  await page.goto('/my-projects');
  await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  await waitForServiceWorker(page);

  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Create Project' }).first().click();
  const dialog = await fillProjectDialog(page, baseURL!, 'Plane Project');
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByTestId('toast')).toContainText('Draft saved');
  await expect(page.getByTestId('draft')).toContainText('Plane Project');
  await page.getByRole('button', { name: 'Publish Plane Project' }).click();
  await expect(page.getByTestId('toast')).toContainText('Publishing when you are back online');
  await page.getByRole('button', { name: 'Publish Plane Project' }).click();
  await expect(page.getByTestId('draft').getByTestId('pending-mark')).toBeVisible();

  await page.context().setOffline(false);
  await expect(page.getByTestId('toast')).toContainText('Offline changes sent');
  await expect(page.getByTestId('draft')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'View Plane Project' })).toHaveCount(1);
  const mine = (await (await page.request.get('/api/user/projects')).json()) as { title: string }[];
  expect(mine.filter((p) => p.title === 'Plane Project')).toHaveLength(1);
  const [draft] = await serverDrafts(page);
  expect(draft?.draft?.publishedProjectId).toEqual(expect.any(Number));
});

test('two devices edit one draft: the newer edit is kept everywhere and the creator is told', async ({ page, browser, baseURL }) => {
  await signUpViaApi(page, newMember('Two', 'Devices'));
  const laptop = page;
  const desktopContext = await browser.newContext({ baseURL });
  await desktopContext.addCookies(await laptop.context().cookies());
  const desktop = await desktopContext.newPage();

  await laptop.goto('/my-projects');
  await laptop.getByRole('button', { name: 'Create Project' }).first().click();
  const dialog = await fillProjectDialog(laptop, baseURL!, 'Shared draft');
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect.poll(async () => (await serverDrafts(laptop))[0]?.draft?.data.title).toBe('Shared draft');

  await desktop.goto('/my-projects');
  await expect(desktop.getByTestId('draft')).toContainText('Shared draft');
  // The desktop goes offline, so it cannot hear of the laptop's edit (online, the live stream would
  // bring it over before the desktop's own edit, and there would be no conflict to resolve).
  await desktopContext.setOffline(true);

  await laptop.getByRole('button', { name: 'Continue Shared draft' }).click();
  await laptop.getByRole('dialog').getByLabel('Title').fill('Edited on the laptop');
  await laptop.getByRole('button', { name: 'Save draft' }).click();
  await expect.poll(async () => (await serverDrafts(laptop))[0]?.draft?.data.title).toBe('Edited on the laptop');

  // The desktop still holds the first version: its later edit conflicts, and being newer, it wins.
  await desktop.getByRole('button', { name: 'Continue Shared draft' }).click();
  await desktop.getByRole('dialog').getByLabel('Title').fill('Edited on the desktop');
  await desktop.getByRole('button', { name: 'Save draft' }).click();
  await expect(desktop.getByTestId('toast')).toContainText('Draft saved');
  await desktopContext.setOffline(false);
  await expect(desktop.getByTestId('toast').filter({ hasText: 'Draft changed elsewhere' })).toContainText(
    'This draft was also changed on another device. Your newer edit was kept.',
  );
  await expect.poll(async () => (await serverDrafts(laptop))[0]?.draft?.data.title).toBe('Edited on the desktop');
  // The laptop hears of it over its socket (sync:changed) and shows it without a reload.
  await expect(laptop.getByTestId('draft')).toContainText('Edited on the desktop');
  await desktopContext.close();
});

/** Draft entries whose native files are kept on this device (the draft files database). */
async function keptDraftFiles(page: Page): Promise<number> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'buildboard-draft-files')) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('buildboard-draft-files');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    if (!db.objectStoreNames.contains('files')) return db.close(), 0;
    const n = await new Promise<number>((resolve) => {
      const req = db.transaction('files').objectStore('files').count();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(0);
    });
    db.close();
    return n;
  });
}

test('native files chosen for a draft stay with it through a reload offline and are published with it', async ({ page, baseURL }) => {
  await signUpViaApi(page, newMember('Nat', 'Files'));
  await page.goto('/my-projects');
  await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  await waitForServiceWorker(page);

  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Create Project' }).first().click();
  const dialog = await fillProjectDialog(page, baseURL!, 'Hosted Draft');
  await dialog.getByLabel('Host files on Buildboard').check();
  await dialog.locator('input[aria-label="Project files"]').setInputFiles([
    { name: 'index.html', mimeType: 'text/html', buffer: Buffer.from('<!doctype html><title>Hosted</title><h1>Hosted draft</h1>') },
    { name: 'app.js', mimeType: 'text/javascript', buffer: Buffer.from('document.title = "Hosted";') },
  ]);
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByTestId('toast')).toContainText('Draft saved');
  await expect(page.getByTestId('draft').getByTestId('draft-files')).toHaveText('2 files on this device');

  // A reload offline: the files are still with the draft, and Continue brings them back into the dialog.
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByTestId('draft').getByTestId('draft-files')).toHaveText('2 files on this device');
  await page.getByRole('button', { name: 'Continue Hosted Draft' }).click();
  const list = page.getByRole('dialog').getByRole('list', { name: 'Project files list' });
  for (const name of ['index.html', 'app.js']) await expect(list.getByText(name, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.context().setOffline(false);
  await expect(page.getByRole('button', { name: 'Publish Hosted Draft' })).toBeVisible();
  await expect.poll(async () => (await serverDrafts(page))[0]?.draft?.data.title).toBe('Hosted Draft');
  await page.getByRole('button', { name: 'Publish Hosted Draft' }).click();
  await expect(page.getByTestId('toast')).toContainText('Project published');
  await expect(page.getByTestId('draft')).toHaveCount(0);
  const mine = (await (await page.request.get('/api/user/projects')).json()) as { id: number; title: string; hostingType: string }[];
  const published = mine.find((p) => p.title === 'Hosted Draft')!;
  expect(published.hostingType).toBe('native');
  const files = (await (await page.request.get(`/api/projects/${published.id}/files`)).json()) as { path: string }[];
  expect(files.map((f) => f.path).sort()).toEqual(['app.js', 'index.html']);
  await expect.poll(() => keptDraftFiles(page)).toBe(0);
});

/** The live documents of a replicated collection in the local store (RxDB's Dexie storage keeps
 * tombstones, with _deleted stored as '1'). */
async function replica(page: Page, collection: 'notifications' | 'saved' | 'ownprojects'): Promise<string[]> {
  return page.evaluate(async (name) => {
    const info = (await indexedDB.databases()).find((d) => d.name?.includes('buildboard') && d.name.endsWith(`--${name}`));
    if (!info) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(info.name!);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const out: string[] = [];
    for (const store of Array.from(db.objectStoreNames)) {
      const rows = await new Promise<unknown[]>((resolve) => {
        const req = db.transaction(store).objectStore(store).getAll();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => resolve([]);
      });
      for (const r of rows as { _deleted?: string | boolean; doc?: { title?: string } }[]) {
        if (r.doc && r._deleted !== '1' && r._deleted !== true) out.push(r.doc.title ?? '');
      }
    }
    db.close();
    return out.sort();
  }, collection);
}

test('notifications, saved and own projects replicate live without their screens being opened, and read offline', async ({ context, baseURL }) => {
  const { page, project, authorPage } = await memberWithData(context, baseURL!);
  // Only Explore is ever opened online.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
  await waitForServiceWorker(page);
  await expect.poll(() => replica(page, 'saved')).toEqual([project.title]);
  await expect.poll(() => replica(page, 'notifications')).toEqual(['New follower']);

  // Meanwhile, on another device of the member: a second save, then the first one undone, and a project
  // of their own. The open page is told over its socket and pulls; the undone save arrives as a tombstone.
  const other = await createProject(authorPage, baseURL!, `Second ${Date.now().toString(36)}`);
  expect((await page.request.post(`/api/projects/${other.id}/save`)).status()).toBe(200);
  expect((await page.request.delete(`/api/projects/${project.id}/save`)).status()).toBe(200);
  const mine = await createProject(page, baseURL!, `Mine ${Date.now().toString(36)}`);
  await expect.poll(() => replica(page, 'saved')).toEqual([other.title]);
  await expect.poll(() => replica(page, 'ownprojects')).toEqual([mine.title]);

  await context.setOffline(true);
  await page.goto('/saved', { waitUntil: 'commit' });
  await expect(page.getByText(other.title).first()).toBeVisible();
  await expect(page.getByText(project.title)).toHaveCount(0);
  await page.goto('/notifications', { waitUntil: 'commit' });
  await expect(page.getByText('New follower')).toBeVisible();
  await page.goto('/my-projects', { waitUntil: 'commit' });
  await expect(page.getByText(mine.title).first()).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText('You are offline');
});

test('when the session ends elsewhere, the next sync answer (401) ends sync and wipes the local store', async ({ context, baseURL, browser }) => {
  const { page, project } = await memberWithData(context, baseURL!);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
  await expect.poll(() => replica(page, 'saved')).toEqual([project.title]);
  expect(await localRecords(page)).toBeGreaterThan(0);

  // Signed out on another tab: the session is destroyed on the server, this page still runs.
  const otherTab = await browser.newContext({ baseURL });
  await otherTab.addCookies(await context.cookies());
  const tab = await otherTab.newPage();
  await tab.goto('/api/logout');
  await expect(tab.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await otherTab.close();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  // The network coming back starts a pull, which the server refuses.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => localRecords(page)).toBe(0);
});

test("on a first visit, when the network goes before the full banner's code has come, the plain banner still says 'You are offline'", async ({ page }) => {
  // The banner's chunk cannot come (the network is gone before the page went idle).
  await page.route(/\/assets\/offline-alert-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await signUpViaApi(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
  await page.context().setOffline(true);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveText('You are offline');
  // Back online the banner goes; the full one (with the last sync) is there the next time.
  await page.unroute(/\/assets\/offline-alert-[^/]+\.js$/);
  // The chunk is fetched again as the network comes back, and again after a wait when the online event
  // came before requests got through, or before the failed fetch was known (both seen on CI). A second
  // outage before it and its imports came would be another test: importing the same URL waits for the
  // page's own module graph.
  const chunkCame = page.waitForResponse(/\/assets\/offline-alert-[^/]+\.js$/);
  await page.context().setOffline(false);
  await expect(banner).toHaveCount(0);
  const chunk = await chunkCame;
  expect(chunk.ok()).toBe(true);
  await page.evaluate((url) => import(/* @vite-ignore */ url).then(() => undefined), chunk.url());
  await page.context().setOffline(true);
  await expect(banner).toContainText(/Last synced .* ago|Not synced on this device yet/);
  await page.context().setOffline(false);
});

test('a first visit that lost the network before its offline layer came opens offline later, once the network was back', async ({ page }) => {
  const member = await signUpViaApi(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
  // The network goes before the page settled: the local store's code cannot come yet.
  await page.context().setOffline(true);
  await expect(page.getByTestId('offline-banner')).toContainText('You are offline');
  await page.context().setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  // Back online, the store starts and keeps what the page read, and the app itself is kept.
  await waitForStored(page, 'user', member.email);
  await waitForServiceWorker(page);
  await page.context().setOffline(true);
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText('You are offline');
});

test.describe('before the app is kept for offline use', () => {
  // No service worker: the page's code can only come from the network, as before a first visit's worker installed.
  test.use({ serviceWorkers: 'block' });

  test('a page opened while the network is gone shows the loading screen under the offline banner, then itself once it is back', async ({ page }) => {
    const savedChunk = /\/assets\/saved-page-[^/]+\.js$/;
    await page.route(savedChunk, (route) => route.abort('internetdisconnected'));
    await signUpViaApi(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
    await page.context().setOffline(true);
    await page.getByRole('link', { name: 'Saved' }).first().click();
    await expect(page.getByTestId('offline-banner')).toContainText('You are offline');
    await expect(page.getByText('Loading...')).toBeVisible();

    await page.unroute(savedChunk);
    await page.context().setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Saved Projects' })).toBeVisible();
  });

  test('"Why am I seeing this?" pressed while the network is gone opens once it is back, and the page stays', async ({ page, baseURL }) => {
    const popoverChunk = /\/assets\/ranking-reasons-popover-[^/]+\.js$/;
    await page.route(popoverChunk, (route) => route.abort('internetdisconnected'));
    await signUpViaApi(page);
    await createProjectViaApi(page.request, baseURL!, { title: 'Reasoned offline' });
    await page.goto('/');
    const card = page.getByTestId('project-card').filter({ hasText: 'Reasoned offline' }).first();
    await expect(card).toBeVisible();
    await page.context().setOffline(true);
    await card.getByRole('button', { name: 'Why am I seeing this? Reasoned offline' }).click();
    await expect(page.getByTestId('offline-banner')).toContainText('You are offline');
    await expect(card).toBeVisible();

    await page.unroute(popoverChunk);
    await page.context().setOffline(false);
    const dialog = page.getByRole('dialog', { name: 'Why am I seeing this?' });
    await expect(dialog.getByTestId('ranking-reasons')).toContainText('Popular this week');
  });

  test('a toast shown plain because its code could not come is full again once the network is back', async ({ page }) => {
    const toastChunk = /\/assets\/toast-view-[^/]+\.js$/;
    await page.route(toastChunk, (route) => route.abort('internetdisconnected'));
    await signUpViaApi(page);
    await page.goto('/my-projects');
    await page.getByRole('button', { name: 'Create Your First Project' }).click();
    const create = page.getByRole('dialog', { name: 'Create Project' }).getByRole('button', { name: 'Create Project' });
    const toast = page.getByTestId('toast');
    await page.context().setOffline(true);
    await create.click();
    await expect(toast).toContainText('Please fill out all required fields');
    await expect(toast).not.toHaveClass(/MuiAlert-root/);

    await page.unroute(toastChunk);
    const chunkCame = page.waitForResponse(toastChunk);
    await page.context().setOffline(false);
    expect((await chunkCame).ok()).toBe(true);
    await create.click();
    await expect(toast).toHaveClass(/MuiAlert-root/);
    await expect(toast).toContainText('Please fill out all required fields');
  });
});
