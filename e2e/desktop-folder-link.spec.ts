import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support';

// A draft that follows a folder on disk, in the desktop renderer: Chromium with the `window.desktop`
// bridge stubbed. The stub's folder lives in the page (window.__folder); changeDisk edits it and fires
// the change event the main process's watcher would send.

type Disk = Record<string, string>;
const LINK_ID = 'f'.repeat(32);

async function installFolderStub(page: Page, disk: Disk) {
  await page.route(
    (url) => url.pathname === '/',
    async (route) => route.fulfill({ response: await route.fetch({ url: new URL('/index.html', route.request().url()).href }) }),
  );
  await page.addInitScript(
    ({ disk, linkId }) => {
      // The folder outlives a reload of the page, as a folder on disk would.
      const saved = sessionStorage.getItem('e2e-folder');
      const folder = { files: (saved ? JSON.parse(saved) : disk) as Record<string, string>, listener: null as ((id: string) => void) | null };
      const encode = (s: string) => new TextEncoder().encode(s);
      const types: Record<string, string> = { html: 'text/html', js: 'text/javascript', svg: 'image/svg+xml', css: 'text/css' };
      Object.assign(window, {
        __folder: folder,
        desktop: {
          openExternal: async () => undefined,
          notify: async () => undefined,
          setBadgeCount: async () => undefined,
          getServerSettings: async () => ({ serverUrl: 'http://buildboard.test', defaultUrl: location.origin }),
          setServerUrl: async () => undefined,
          onNavigate: () => () => undefined,
          pickProjectFiles: async () => [],
          linkFolder: async () => ({ linkId, name: 'my-site' }),
          scanLinkedFolder: async () => ({
            files: Object.keys(folder.files)
              .sort()
              .map((path) => ({ path, size: encode(folder.files[path]!).byteLength, hash: folder.files[path]! })),
            skipped: [{ path: 'big.png', reason: 'tooLarge' }],
          }),
          readLinkedFiles: async (_id: string, paths: string[]) =>
            paths.map((path) => ({ path, size: encode(folder.files[path]!).byteLength, type: types[path.split('.').pop()!] ?? '', data: encode(folder.files[path]!) })),
          watchLinkedFolder: async () => undefined,
          unlinkFolder: async () => undefined,
          onFolderChanged: (listener: (id: string) => void) => {
            folder.listener = listener;
            return () => undefined;
          },
        },
      });
    },
    { disk, linkId: LINK_ID },
  );
}

/** Edits the stub's folder (null deletes a file) and tells the page, as main's watcher would. */
const changeDisk = (page: Page, edits: Record<string, string | null>) =>
  page.evaluate(
    ({ edits, linkId }) => {
      const folder = (window as unknown as { __folder: { files: Record<string, string>; listener: ((id: string) => void) | null } }).__folder;
      for (const [path, text] of Object.entries(edits)) {
        if (text === null) delete folder.files[path];
        else folder.files[path] = text;
      }
      sessionStorage.setItem('e2e-folder', JSON.stringify(folder.files));
      folder.listener?.(linkId);
    },
    { edits, linkId: LINK_ID },
  );

const page1 = (h: string) => `<!doctype html><html><body><h1>${h}</h1><script src="app.js"></script></body></html>`;

test('a draft follows its folder: link, change on disk, take, publish; the project then publishes new versions', async ({ page }) => {
  await installFolderStub(page, { 'index.html': page1('One'), 'app.js': 'console.log(1)' });
  await signUpViaApi(page);
  const title = 'Folder Site';
  await page.goto('/my-projects');
  await changeDisk(page, {}); // the starting folder, kept for the page's reloads

  // A native draft, saved from the project dialog.
  await page.goto('/my-projects');
  await page.getByRole('button', { name: 'Create Your First Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Project' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Made in a folder on disk.');
  await dialog.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Web Development', exact: true }).click();
  await dialog.getByLabel('Thumbnail URL').fill('https://example.com/thumb.png');
  await dialog.getByLabel('Tutorial URL').fill('https://example.com/tutorial');
  await dialog.getByLabel('Host files on Buildboard').check();
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  const draft = page.getByTestId('draft').filter({ hasText: title });
  await expect(draft).toBeVisible();

  await draft.getByRole('button', { name: `Link folder to ${title}` }).click();
  const changes = draft.getByTestId('folder-changes');
  await expect(draft.getByText('Follows the folder my-site')).toBeVisible();
  await expect(changes).toHaveText('2 files changed on disk: +app.js, +index.html');
  await expect(draft.getByTestId('folder-skipped')).toHaveText('big.png skipped: larger than 5MB');
  await draft.getByRole('button', { name: `Take changes for ${title}` }).click();
  await expect(changes).toHaveText('Up to date with the folder');

  await changeDisk(page, { 'index.html': page1('Two'), 'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' });
  await expect(changes).toHaveText('2 files changed on disk: index.html, +logo.svg');
  await draft.getByRole('button', { name: `Take changes for ${title}` }).click();
  await expect(changes).toHaveText('Up to date with the folder');

  await draft.getByRole('button', { name: `Publish ${title}` }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Project published' })).toBeVisible();
  const mine = (await (await page.request.get('/api/user/projects')).json()) as { id: number; title: string }[];
  const id = mine.find((p) => p.title === title)!.id;
  expect(await (await page.request.get(`/hosted/${id}/index.html`)).text()).toContain('<h1>Two</h1>');
  expect((await page.request.get(`/hosted/${id}/logo.svg`)).status()).toBe(200);

  // The project page: its versions, and the folder link that came with the draft.
  await page.goto(`/project/${id}`);
  // The first load after a reload opens the offline store; on a busy machine that takes a while.
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 30_000 });
  const versions = page.getByRole('region', { name: 'Versions' });
  await expect(versions.getByTestId('project-version')).toHaveCount(1);
  await expect(versions.getByTestId('project-version').first()).toContainText('Version 1');
  await expect(versions.getByTestId('project-version').first()).toContainText('3 files');
  const panel = versions.getByTestId('folder-link');
  await expect(panel.getByTestId('folder-changes')).toHaveText('Up to date with the folder');
  await expect(versions.getByRole('button', { name: 'Publish new version' })).toBeDisabled();

  // Taken automatically once the setting is on.
  await panel.getByLabel('Take changes automatically').check();
  await changeDisk(page, { 'index.html': page1('Three'), 'app.js': null });
  await expect(panel.getByTestId('folder-changes')).toHaveText('Up to date with the folder');
  await versions.getByRole('button', { name: 'Publish new version' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'New version published' })).toContainText('Version 2');
  await expect(versions.getByTestId('project-version')).toHaveCount(2);
  await expect(versions.getByTestId('project-version').first()).toContainText('2 files');
  expect(await (await page.request.get(`/hosted/${id}/index.html`)).text()).toContain('<h1>Three</h1>');
  expect((await page.request.get(`/hosted/${id}/app.js`)).status()).toBe(404);
  // The previous version stays reachable until the next publish.
  expect(await (await page.request.get(`/hosted/${id}/!v1/index.html`)).text()).toContain('<h1>Two</h1>');
  await expect(versions.getByRole('link', { name: 'Open Version 1' })).toHaveAttribute('href', `/hosted/${id}/!v1/index.html`);
});
