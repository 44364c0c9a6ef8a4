import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { verifyViaMail } from './support';

/** The admin accounts playwright.config.ts lists in ADMIN_EMAILS, one per spec. */
export type AdminKey = 'portal' | 'blog' | 'reports';

/** Registers the spec's admin (once), verifies the address by its mail and signs the page in. */
export async function signInAsAdmin(page: Page, key: AdminKey, firstName = 'Morgan', lastName = 'Admin') {
  const email = `e2e-admin-${key}@example.com`;
  const password = 'correct horse battery';
  const reg = await page.request.post('/api/auth/register', { data: { email, password, firstName, lastName } });
  expect([201, 409], await reg.text()).toContain(reg.status());
  if (reg.status() === 201) await verifyViaMail(page.request, email);
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const me = (await res.json()) as { id: string; isAdmin: boolean };
  expect(me.isAdmin).toBe(true);
  return { email, password, id: me.id };
}

/** axe on the current page (or only the part `include` selects): no serious or critical violations. */
export async function expectAccessible(page: Page, label: string, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  // Dialogs fade in: check the colours once every transition has ended.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`)).toEqual([]);
}

/** A project created through the API by the page's signed-in member. */
export async function createProjectViaApi(page: Page, title: string): Promise<{ id: number }> {
  const form = new FormData();
  form.append(
    'project',
    JSON.stringify({
      title,
      description: `${title} description`,
      thumbnail: 'https://example.com/x.png',
      category: 'Web Development',
      tutorialUrl: 'https://example.com/tutorial',
      hostingType: 'external',
      projectUrl: 'https://example.com/app',
    }),
  );
  const res = await page.request.post('/api/projects', { multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

/** Closes the toast (it sits over the bottom-right corner, where tall dialogs keep their buttons). */
export async function dismissToast(page: Page) {
  // While a dialog is open the toast sits in the aria-hidden background, so find its button by tag.
  await page.getByTestId('toast').locator('button').click();
  await expect(page.getByTestId('toast')).toBeHidden();
}
