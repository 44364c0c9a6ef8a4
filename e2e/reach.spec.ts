import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createProjectViaApi, signUpViaApi } from './support';

// The embed card as another site frames it, checked by axe in light and dark; and "Why am I seeing this?" on Trending.

test('when another site frames a project\'s embed card, then it shows the project and links back, and axe finds nothing serious', async ({ page, context, baseURL }) => {
  // Chromium asks before a page loads from a local address; a real embedding site's reader would be on the public internet.
  await context.grantPermissions(['local-network-access']);
  await signUpViaApi(page);
  const project = await createProjectViaApi(page.request, baseURL!, { title: 'Framed <b>card</b>' });
  const id = (project as { id: number }).id;

  // The embedding page is another origin (the same server by its other loopback name, answered by the test
  // itself): the card must load in its frame there.
  const base = new URL(baseURL!);
  const other = new URL(baseURL!);
  other.hostname = base.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  const host = `${other.origin}/some-blog-post`;
  await page.route(host, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Host</title><main><iframe title="card" src="${baseURL}/embed/project/${id}" width="400" height="420"></iframe></main></html>`,
    }),
  );
  await page.goto(host);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Framed <b>card</b>');
  await expect(frame.getByRole('link', { name: 'View on Buildboard' })).toHaveAttribute('href', `${baseURL}/project/${id}?src=embed`);

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto(`${baseURL}/embed/project/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Framed <b>card</b>');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${colorScheme}: ${v.id}: ${v.help}`);
    expect(serious).toEqual([]);
  }
});

test('when a member opens "Why am I seeing this?" on a Trending card, then the reasons the ranking gave are listed', async ({ page, baseURL }) => {
  await signUpViaApi(page);
  await createProjectViaApi(page.request, baseURL!, { title: 'Reasoned project' });
  await page.goto('/');
  const card = page.getByTestId('project-card').filter({ hasText: 'Reasoned project' }).first();
  await card.getByRole('button', { name: 'Why am I seeing this? Reasoned project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Why am I seeing this?' });
  await expect(dialog.getByTestId('ranking-reasons')).toContainText('Popular this week');
});
