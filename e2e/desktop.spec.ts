import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newMember, signUpViaApi } from './support';

// The desktop app's renderer: the same React UI, here in Chromium with the `window.desktop`
// bridge stubbed the way the preload exposes it. The stub records every call in window.__desktop.calls
// and answers pickProjectFiles with what the test put in window.__desktop.nextPick.

type StubFile = { path: string; size?: number; type?: string; text: string | null };
type StubOptions = { serverUrl: string | null; focused: boolean };

async function installDesktopStub(page: Page, options: Partial<StubOptions> = {}) {
  const config: StubOptions = { serverUrl: 'http://buildboard.test', focused: true, ...options };
  // The app loads its bundled UI, where app://buildboard/ is the SPA (desktop/main/app-protocol.ts); the
  // server answers / to a visitor with the prerendered landing page instead, so / gets the SPA here too.
  await page.route(
    (url) => url.pathname === '/',
    async (route) => route.fulfill({ response: await route.fetch({ url: new URL('/index.html', route.request().url()).href }) }),
  );
  await page.addInitScript((cfg: StubOptions) => {
    const state = {
      calls: [] as { method: string; args: unknown[] }[],
      nextPick: [] as StubFile[],
      focused: cfg.focused,
      navigate: null as ((path: string) => void) | null,
    };
    const record = (method: string, ...args: unknown[]) => state.calls.push({ method, args });
    document.hasFocus = () => state.focused;
    Object.assign(window, {
      __desktop: state,
      desktop: {
        openExternal: async (url: string) => void record('openExternal', url),
        notify: async (input: unknown) => void record('notify', input),
        setBadgeCount: async (count: number) => void record('setBadgeCount', count),
        getServerSettings: async () => ({ serverUrl: cfg.serverUrl, defaultUrl: location.origin }),
        setServerUrl: async (url: string) => void record('setServerUrl', url),
        onNavigate: (listener: (path: string) => void) => {
          state.navigate = listener;
          return () => undefined;
        },
        pickProjectFiles: async (opts: unknown) => {
          record('pickProjectFiles', opts);
          return state.nextPick.map((f) => {
            const data = f.text === null ? null : new TextEncoder().encode(f.text);
            return { path: f.path, size: f.size ?? data?.byteLength ?? 0, type: f.type ?? '', data };
          });
        },
      },
    });
  }, config);
}

const nextPick = (page: Page, files: StubFile[]) =>
  page.evaluate((f) => ((window as unknown as { __desktop: { nextPick: StubFile[] } }).__desktop.nextPick = f), files);
const callsOf = (page: Page, method: string) =>
  page.evaluate(
    (m) => (window as unknown as { __desktop: { calls: { method: string; args: unknown[] }[] } }).__desktop.calls.filter((c) => c.method === m).map((c) => c.args),
    method,
  );

const INDEX_HTML = '<!doctype html><html><head><link rel="stylesheet" href="css/style.css"></head><body><h1>Disk site</h1><script src="js/app.js"></script></body></html>';
const GOOD_FOLDER: StubFile[] = [
  { path: 'index.html', type: 'text/html', text: INDEX_HTML },
  { path: 'css/style.css', type: 'text/css', text: 'h1 { color: rgb(0, 128, 0); }' },
  { path: 'js/app.js', type: 'text/javascript', text: "document.querySelector('h1').dataset.ran = 'yes';" },
];

async function openNativeDialog(page: Page, title: string) {
  await page.goto('/my-projects');
  await page.getByRole('button', { name: 'Create Your First Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Project' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill(`${title}, made on disk.`);
  await dialog.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Web Development', exact: true }).click();
  await dialog.getByLabel('Thumbnail URL').fill('https://example.com/thumb.png');
  await dialog.getByLabel('Tutorial URL').fill('https://example.com/tutorial');
  await dialog.getByLabel('Host files on Buildboard').check();
  return dialog;
}

async function expectToast(page: Page, title: string, text: string) {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await expect(toast).toContainText(text);
}

test('first run: the app asks for the server address and saves it through the bridge', async ({ page }) => {
  await installDesktopStub(page, { serverUrl: null });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Connect to Buildboard' })).toBeVisible();
  const field = page.getByLabel('Server address');
  await expect(field).toHaveValue(new URL(page.url()).origin); // the suggested default
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await field.fill('ftp://files.example');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Enter an http:// or https:// address')).toBeVisible();
  expect(await callsOf(page, 'setServerUrl')).toEqual([]);

  await field.fill('https://buildboard.example');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect.poll(() => callsOf(page, 'setServerUrl')).toEqual([['https://buildboard.example']]);
});

test('Open folder... with a bad file shows the spec errors and adds nothing', async ({ page }) => {
  await installDesktopStub(page);
  await signUpViaApi(page);
  const dialog = await openNativeDialog(page, 'Bad Folder');
  // Inside the desktop app the native dialogs replace the browser's file inputs.
  await expect(dialog.getByRole('button', { name: 'Choose files' })).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  const list = dialog.getByRole('list', { name: 'Project files list' });

  await nextPick(page, [GOOD_FOLDER[0]!, { path: 'tools/setup.exe', text: 'MZ' }]);
  await dialog.getByRole('button', { name: 'Open folder...' }).click();
  await expectToast(page, 'Invalid file type', 'tools/setup.exe is not an allowed file type');
  expect(await callsOf(page, 'pickProjectFiles')).toEqual([[{ kind: 'folder' }]]);

  // Main does not read a file over 5 MB (data null); the UI still names it.
  await nextPick(page, [{ path: 'img/huge.png', size: 6 * 1024 * 1024, type: 'image/png', text: null }]);
  await dialog.getByRole('button', { name: 'Add files...' }).click();
  await expectToast(page, 'File too large', 'img/huge.png is larger than 5MB');

  await nextPick(page, Array.from({ length: 21 }, (_, i) => ({ path: `js/f${i}.js`, text: null })));
  await dialog.getByRole('button', { name: 'Open folder...' }).click();
  await expectToast(page, 'Too many files', 'Maximum 20 files allowed per project');
  await expect(list).toHaveCount(0);

  // Dropping a file onto the dialog is checked by the same rules.
  const dropped = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['x'], 'notes.docx'));
    return data;
  });
  await dialog.getByTestId('project-files-drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
  await expectToast(page, 'Invalid file type', 'notes.docx is not an allowed file type');
  await expect(list).toHaveCount(0);
});

test('a good folder keeps its relative paths and uploads with progress per file and in total', async ({ page }) => {
  await installDesktopStub(page);
  await signUpViaApi(page);
  const dialog = await openNativeDialog(page, 'Disk Site');
  await nextPick(page, GOOD_FOLDER);
  await dialog.getByRole('button', { name: 'Open folder...' }).click();
  const list = dialog.getByRole('list', { name: 'Project files list' });
  for (const f of GOOD_FOLDER) await expect(list.getByText(f.path, { exact: true })).toBeVisible();

  // Hold the upload so the progress can be seen, then let it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/projects', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await held;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Upload progress', exact: true })).toBeVisible();
  for (const f of GOOD_FOLDER) await expect(dialog.getByRole('progressbar', { name: `Upload progress of ${f.path}` })).toBeVisible();
  await expect(dialog.getByText(/Uploading files\.\.\. \d+%/)).toBeVisible();
  release();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Project created', 'Project created');

  const projects = (await (await page.request.get('/api/user/projects')).json()) as { id: number; title: string }[];
  const site = projects.find((p) => p.title === 'Disk Site')!;
  const css = await page.request.get(`/hosted/${site.id}/css/style.css`);
  expect(css.status()).toBe(200);
  expect(await css.text()).toContain('rgb(0, 128, 0)');
  expect((await page.request.get(`/hosted/${site.id}/js/app.js`)).status()).toBe(200);
});

test('a good folder becomes a draft that keeps its files offline, and is published with them', async ({ page }) => {
  await installDesktopStub(page);
  await signUpViaApi(page);
  await page.goto('/my-projects');
  // The app shell is cached for offline use once the service worker controls the page.
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return !!navigator.serviceWorker.controller;
  });
  const dialog = await openNativeDialog(page, 'Folder Draft');
  await nextPick(page, GOOD_FOLDER);
  await dialog.getByRole('button', { name: 'Open folder...' }).click();
  const list = dialog.getByRole('list', { name: 'Project files list' });
  for (const f of GOOD_FOLDER) await expect(list.getByText(f.path, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expectToast(page, 'Draft saved', 'Draft saved');
  await expect(page.getByTestId('draft').getByTestId('draft-files')).toHaveText('3 files on this device');

  // Offline and reopened: the draft still has the folder's files with their relative paths.
  await page.context().setOffline(true);
  await page.reload({ waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Continue Folder Draft' }).click();
  const reopened = page.getByRole('dialog', { name: 'Create Project' });
  for (const f of GOOD_FOLDER) await expect(reopened.getByRole('list', { name: 'Project files list' }).getByText(f.path, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.context().setOffline(false);

  await page.getByRole('button', { name: 'Publish Folder Draft' }).click();
  await expectToast(page, 'Project published', 'Folder Draft');
  const projects = (await (await page.request.get('/api/user/projects')).json()) as { id: number; title: string }[];
  const site = projects.find((p) => p.title === 'Folder Draft')!;
  const css = await page.request.get(`/hosted/${site.id}/css/style.css`);
  expect(css.status()).toBe(200);
  expect(await css.text()).toContain('rgb(0, 128, 0)');
});

test('files added to a project upload one by one; a failed file is retried alone', async ({ page }) => {
  await installDesktopStub(page);
  await signUpViaApi(page);
  const dialog = await openNativeDialog(page, 'Retry Site');
  await nextPick(page, [GOOD_FOLDER[0]!]);
  await dialog.getByRole('button', { name: 'Add files...' }).click();
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Edit Retry Site' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Project' });
  await nextPick(page, [
    { path: 'a.js', type: 'text/javascript', text: 'console.log("a")' },
    { path: 'b.js', type: 'text/javascript', text: 'console.log("b")' },
  ]);
  await edit.getByRole('button', { name: 'Add files...' }).click();

  // The server fails b.js once.
  let failures = 0;
  const uploads: string[] = [];
  await page.route('**/api/projects/*/upload-files', async (route) => {
    const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
    const name = /filename="([^"]+)"/.exec(body)?.[1] ?? '?';
    uploads.push(name);
    if (name === 'b.js' && failures === 0) {
      failures += 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Storage is busy"}' });
    }
    return route.continue();
  });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Failed to upload files', 'Storage is busy');
  await expect(edit).toBeVisible();
  const list = edit.getByRole('list', { name: 'Project files list' });
  await expect(list.getByRole('alert')).toHaveText('Storage is busy');
  await expect(list.getByRole('listitem').filter({ hasText: 'a.js' })).toContainText('Uploaded');

  await edit.getByRole('button', { name: 'Retry b.js' }).click();
  await expect(list.getByRole('button', { name: 'Retry b.js' })).toHaveCount(0);
  await expect(list.getByRole('listitem').filter({ hasText: 'b.js' })).toContainText('Uploaded');
  expect(uploads).toEqual(['a.js', 'b.js', 'b.js']); // only the failed file went again
});

test('a pushed notification calls notify while unfocused, sets the badge, and a click target navigates', async ({ page, browser }) => {
  await installDesktopStub(page, { focused: false });
  await signUpViaApi(page, newMember('Ada', 'Okafor'));
  const ada = (await (await page.request.get('/api/auth/user')).json()) as { handle: string };
  // The live socket (long-polling in the desktop app) starts once the first screen is up and idle: the
  // push below needs it connected (a notification stored before it connects is listed, not pushed).
  const connected = page.waitForResponse(
    async (r) => r.url().includes('/socket.io/') && r.request().method() === 'GET' && (await r.text()).includes('40{'),
  );
  await page.goto('/notifications');
  await expect(page.getByText('No notifications yet')).toBeVisible();
  await connected;
  await expect.poll(() => callsOf(page, 'setBadgeCount')).toContainEqual([0]);

  const other = await browser.newContext();
  const grace = await other.newPage();
  await signUpViaApi(grace, newMember('Grace', 'Hopper'));
  expect((await grace.request.post(`/api/users/${ada.handle}/follow`)).status()).toBe(200);

  await expect
    .poll(() => callsOf(page, 'notify'))
    .toContainEqual([expect.objectContaining({ title: expect.any(String), body: 'Grace Hopper started following you', target: expect.stringMatching(/^\//) })]);
  await expect.poll(() => callsOf(page, 'setBadgeCount')).toContainEqual([1]);

  // Main sends the target of a clicked notification (or a buildboard:// deep link) as a path.
  await page.evaluate(() => (window as unknown as { __desktop: { navigate: (p: string) => void } }).__desktop.navigate('/saved'));
  await expect(page).toHaveURL(/\/saved$/);
  await other.close();
});
