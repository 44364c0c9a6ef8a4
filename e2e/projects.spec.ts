import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support';

// My Projects, the Create / Edit Project dialogs, native hosting (files served as the project's own site).

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const INDEX_HTML = `<!doctype html><html><head><link rel="stylesheet" href="style.css"></head>
<body><h1 id="hello">Hello from a hosted project</h1><p id="status">script did not run</p><script src="app.js"></script></body></html>`;
const STYLE_CSS = 'h1 { color: rgb(255, 0, 0); }';
const APP_JS = "document.getElementById('status').textContent = 'script ran';";
const REQUIRED = 'Please fill out all required fields including thumbnail and Tutorial URL';

const dialogOf = (page: Page, name: 'Create Project' | 'Edit Project') => page.getByRole('dialog', { name });

async function fillCommon(page: Page, dialog: ReturnType<typeof dialogOf>, v: { title: string; category: string }) {
  await dialog.getByLabel('Title').fill(v.title);
  await dialog.getByLabel('Description').fill(`${v.title}, built in a weekend.`);
  await dialog.getByLabel('Category').click();
  await page.getByRole('option', { name: v.category, exact: true }).click();
  await dialog.getByLabel('Tutorial URL').fill('https://example.com/tutorial');
}

test('a member creates an external and a native project, opens both live, edits one and deletes one', async ({ page, baseURL }) => {
  await signUpViaApi(page);
  await page.goto('/');

  // The sidebar's Create Project opens the dialog on My Projects and drops ?create=1.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create Project' }).click();
  await expect(page).toHaveURL(/\/my-projects$/);
  let dialog = dialogOf(page, 'Create Project');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Category')).toBeVisible();
  await dialog.getByLabel('Category').click();
  const offered = await page.getByRole('option').allTextContents();
  expect(offered).toEqual(['Web Development', 'Mobile Development', 'AI/ML', 'Game Development', 'Desktop Apps', 'Data Science', 'DevOps', 'Finance', 'Design', 'Other']);
  await page.keyboard.press('Escape');

  await fillCommon(page, dialog, { title: 'Orbit Tracker', category: 'Data Science' });
  await dialog.getByLabel('Thumbnail URL').fill(`${baseURL}/favicon.svg`);
  await dialog.getByLabel('External URL').fill(`${baseURL}/terms`);
  await dialog.getByLabel('Time spent').fill('3');
  await dialog.getByLabel('Location').fill('Lisbon');
  await dialog.getByLabel('Cost (USD)').fill('4.99');
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(dialog).toBeHidden();
  const orbit = page.getByTestId('project-card').filter({ hasText: 'Orbit Tracker' });
  await expect(orbit).toBeVisible();
  await expect(orbit.getByText('$4.99')).toBeVisible();
  await expect(orbit.getByText('Lisbon')).toBeVisible();

  // The native one: an uploaded thumbnail and three files, with upload progress.
  await page.getByRole('main').getByRole('button', { name: 'Create Project' }).click();
  dialog = dialogOf(page, 'Create Project');
  await expect(dialog.getByLabel('Title')).toHaveValue('');
  await fillCommon(page, dialog, { title: 'Native Garden', category: 'Game Development' });
  await dialog.getByRole('button', { name: 'Upload image' }).click();
  await dialog.locator('input[aria-label="Thumbnail image file"]').setInputFiles({ name: 'garden.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(dialog.getByTestId('thumbnail-file-name')).toHaveText('garden.png');
  await dialog.getByLabel('Host files on Buildboard').check();
  await expect(dialog.getByLabel('External URL')).toHaveCount(0);
  await dialog.locator('input[aria-label="Project files"]').setInputFiles([
    { name: 'index.html', mimeType: 'text/html', buffer: Buffer.from(INDEX_HTML) },
    { name: 'style.css', mimeType: 'text/css', buffer: Buffer.from(STYLE_CSS) },
    { name: 'app.js', mimeType: 'text/javascript', buffer: Buffer.from(APP_JS) },
  ]);
  const list = dialog.getByRole('list', { name: 'Project files list' });
  for (const name of ['index.html', 'style.css', 'app.js']) await expect(list.getByText(name, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(dialog).toBeHidden();
  const garden = page.getByTestId('project-card').filter({ hasText: 'Native Garden' });
  await expect(garden).toBeVisible();
  await expect(garden.locator('img').first()).toHaveAttribute('src', /^\/uploads\/images\/[a-f0-9]{32}\.png$/);
  await expect(page.getByTestId('project-card')).toHaveCount(2);

  // Live, external: the project URL in a new tab.
  const popupPromise = page.waitForEvent('popup');
  await orbit.getByRole('link', { name: 'Live Orbit Tracker' }).click();
  const popup = await popupPromise;
  await expect(popup).toHaveURL(`${baseURL}/terms`);
  await popup.close();

  // Live, native: the preview page with the hosted files, styles and script in the sandboxed frame.
  await garden.getByRole('link', { name: 'Live Native Garden' }).click();
  await expect(page).toHaveURL(/\/project-preview\/\d+$/);
  const frame = page.frameLocator('[data-testid="project-preview-frame"]');
  await expect(frame.locator('#hello')).toHaveText('Hello from a hosted project');
  await expect(frame.locator('#status')).toHaveText('script ran');
  await expect(frame.locator('#hello')).toHaveCSS('color', 'rgb(255, 0, 0)');
  const previewId = /\/project-preview\/(\d+)$/.exec(page.url())![1];

  // Edit: the dialog starts from the project, saves, and the card shows the change.
  await page.goto('/my-projects');
  await page.getByRole('button', { name: 'Edit Orbit Tracker' }).click();
  dialog = dialogOf(page, 'Edit Project');
  await expect(dialog.getByLabel('Title')).toHaveValue('Orbit Tracker');
  await expect(dialog.getByLabel('Cost (USD)')).toHaveValue('4.99');
  await dialog.getByLabel('Title').fill('Orbit Tracker Pro');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('project-card').filter({ hasText: 'Orbit Tracker Pro' })).toBeVisible();

  // Delete, after a confirmation; its hosted files go with it.
  await page.getByRole('button', { name: 'Delete Native Garden' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete project?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('project-card').filter({ hasText: 'Native Garden' })).toHaveCount(0);
  await expect(page.getByTestId('project-card')).toHaveCount(1);
  expect((await page.request.get(`/hosted/${previewId}/index.html`)).status()).toBe(404);
});

test('the dialog shows the spec messages for missing fields, hosting and refused files', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/projects');
  await expect(page).toHaveURL(/\/my-projects$/);
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Your First Project' }).click();
  const dialog = dialogOf(page, 'Create Project');

  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByTestId('toast')).toContainText(REQUIRED);
  await expect(dialog.getByText(REQUIRED).first()).toBeVisible();

  await fillCommon(page, dialog, { title: 'Half done', category: 'DevOps' });
  await dialog.getByLabel('Thumbnail URL').fill('https://example.com/x.png');
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByTestId('toast')).toContainText('External URL is required when using external hosting');

  await dialog.getByLabel('Host files on Buildboard').check();
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByTestId('toast')).toContainText('Please upload at least one file for native hosting');

  const files = dialog.locator('input[aria-label="Project files"]');
  await files.setInputFiles({ name: 'big.js', mimeType: 'text/javascript', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x61) });
  await expect(page.getByTestId('toast')).toContainText('File too large');
  await expect(page.getByTestId('toast')).toContainText('big.js is larger than 5MB');
  await files.setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(page.getByTestId('toast')).toContainText('Invalid file type');

  // A file that passes the name check but not the server's content check: the server's words show.
  await files.setInputFiles([
    { name: 'index.html', mimeType: 'text/html', buffer: Buffer.from('<h1>hi</h1>') },
    { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('MZ\u0000\u0000 not a png') },
  ]);
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByTestId('toast')).toContainText('Invalid file type');
  await expect(page.getByTestId('toast')).toContainText('logo.png is not an allowed file type');
  await expect(dialog).toBeVisible();
  expect(await (await page.request.get('/api/user/projects')).json()).toEqual([]);
});

test('choosing a thumbnail source clears the other one', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/my-projects?create=1');
  const dialog = dialogOf(page, 'Create Project');
  await expect(page).toHaveURL(/\/my-projects$/);
  await dialog.getByLabel('Thumbnail URL').fill('https://example.com/a.png');
  await dialog.getByRole('button', { name: 'Upload image' }).click();
  await dialog.locator('input[aria-label="Thumbnail image file"]').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(dialog.getByTestId('thumbnail-file-name')).toHaveText('a.png');
  await dialog.getByRole('button', { name: 'Image URL' }).click();
  await expect(dialog.getByLabel('Thumbnail URL')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Upload image' }).click();
  await expect(dialog.getByTestId('thumbnail-file-name')).toHaveText('No image chosen');
});
