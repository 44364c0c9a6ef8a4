import { expect, test, type Page, type Route } from '@playwright/test';
import { createProjectViaApi, dismissToast, signInAsAdmin } from './admin-support';
import { newMember, signUpViaApi } from './support';

// The admin portal's waiting, empty and failure states: what an admin sees
// while an answer is on its way, when a list is empty, and when the server refuses an action.

test.describe.configure({ timeout: 120_000 });
// Requests a service worker makes are not seen by page.route: these answers are faked, so no worker.
test.use({ serviceWorkers: 'block' });

const toast = (page: Page) => page.getByTestId('toast');
const boom = (route: Route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Database down"}' });

/** Holds matching requests until release() is called, so the pending state can be seen. */
function gate(page: Page, url: RegExp, answer: (route: Route) => Promise<void> = (r) => r.continue()) {
  let open: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (open = resolve));
  void page.route(url, async (route) => {
    await released;
    await answer(route);
  });
  return () => open();
}

test('loading, empty and failure states of the Users, Reports and Blog tabs', async ({ page, browser }) => {
  const memberPage = await (await browser.newContext()).newPage();
  await signUpViaApi(memberPage, newMember('Fay', 'Lure'));
  const { id: projectId } = await createProjectViaApi(memberPage, 'Fay failure project');
  const me = (await (await memberPage.request.get('/api/auth/user')).json()) as { id: string };
  expect((await memberPage.request.post('/api/reports', { data: { reportType: 'project', targetId: projectId, reason: 'Spam' } })).status()).toBe(201);
  await signInAsAdmin(page, 'portal');

  // Users: 'Loading users...' until the list answers.
  const releaseUsers = gate(page, /\/api\/admin\/users\?/);
  await page.goto('/admin');
  await expect(page.getByText('Loading users...')).toBeVisible();
  releaseUsers();
  await page.getByLabel('Search users').fill('Fay');
  const row = page.getByTestId('admin-user-row').filter({ hasText: 'Fay Lure' });
  await expect(row).toHaveCount(1);

  // Suspend: 'Suspending...' while pending, then the failure toast with the server's message.
  const releaseSuspend = gate(page, /\/api\/admin\/users\/[^/]+\/suspend$/, boom);
  await row.getByRole('button', { name: 'Suspend Fay Lure' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend User' });
  await dialog.getByLabel('Suspension Reason').fill('Testing failures');
  await dialog.getByRole('button', { name: 'Suspend User' }).click();
  await expect(dialog.getByRole('button', { name: 'Suspending...' })).toBeDisabled();
  releaseSuspend();
  await expect(toast(page)).toContainText('Failed to suspend user: Database down');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Unsuspend fails the same way (the member is suspended through the API first).
  expect((await page.request.post(`/api/admin/users/${me.id}/suspend`, { data: { reason: 'Testing failures' } })).status()).toBe(200);
  await page.reload();
  await page.getByLabel('Search users').fill('Fay');
  await page.route(/\/api\/admin\/users\/[^/]+\/unsuspend$/, boom);
  await row.getByRole('button', { name: 'Unsuspend Fay Lure' }).click();
  await expect(toast(page)).toContainText('Failed to unsuspend user: Database down');

  // Delete: the confirmation says what is lost, and a refused delete says so.
  await page.route(new RegExp(`/api/admin/users/${me.id}$`), (route) => (route.request().method() === 'DELETE' ? boom(route) : route.continue()));
  await row.getByRole('button', { name: 'Delete Fay Lure' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete User' });
  await expect(confirm).toContainText('This will permanently delete Fay Lure and all their content');
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete User' }).click();
  await expect(toast(page)).toContainText('Failed to delete user: Database down');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // Reports: loading, then a refused review ('Updating...' while pending).
  const releaseReports = gate(page, /\/api\/admin\/reports\?/);
  await page.getByRole('tab', { name: /^Reports/ }).click();
  await expect(page.getByText('Loading reports...')).toBeVisible();
  releaseReports();
  const report = page.getByRole('listitem').filter({ hasText: `#${projectId}` }).first();
  await report.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog');
  await review.getByLabel('Mark as Resolved').check();
  const releaseReview = gate(page, /\/api\/admin\/reports\/\d+$/, boom);
  await review.getByRole('button', { name: 'Update Status' }).click();
  await expect(review.getByRole('button', { name: 'Updating...' })).toBeDisabled();
  releaseReview();
  await expect(toast(page)).toContainText('Failed to update report: Database down');
  await review.getByRole('button', { name: 'Cancel' }).click();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // An empty report list: nothing has been escalated.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Escalated' }).click();
  await expect(page.getByText('No reports found')).toBeVisible();

  // Blog: loading, empty and 'Creating...'.
  const releaseBlog = gate(page, /\/api\/blog\?/, (route) => route.fulfill({ json: [] }));
  await page.getByRole('tab', { name: /^Blog/ }).click();
  await expect(page.getByText('Loading blog posts...')).toBeVisible();
  releaseBlog();
  await expect(page.getByText('No blog posts found')).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  const slug = `states-${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'New Post' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Blog Post' });
  await form.getByLabel('Title').fill('States post');
  await form.getByLabel('Slug (URL)').fill(slug);
  await form.getByLabel('Excerpt').fill('An excerpt');
  await form.getByLabel('Content').fill('Body');
  const releaseCreate = gate(page, /\/api\/admin\/blog$/);
  await form.getByRole('button', { name: 'Create Post' }).click();
  await expect(form.getByRole('button', { name: 'Creating...' })).toBeDisabled();
  releaseCreate();
  await expect(form).toBeHidden();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // A refused edit and a refused delete of the post say so with the server's message.
  await page.route(/\/api\/admin\/blog\/\d+$/, boom);
  await page.getByRole('button', { name: 'Edit States post' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Blog Post' });
  await edit.getByLabel('Title').fill('States post, edited');
  await edit.getByRole('button', { name: 'Update Post' }).click();
  await expect(toast(page)).toContainText('Failed to update blog post: Database down');
  await dismissToast(page);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete States post' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete Blog Post' });
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Failed to delete blog post: Database down');
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // A suspension stored without a reason (before reasons were required) reads 'No reason provided'.
  await page.route(new RegExp(`/api/admin/users/${me.id}$`), async (route) => {
    const real = await route.fetch();
    await route.fulfill({ response: real, json: { ...(await real.json()), isSuspended: true, suspendedReason: null } });
  });
  await page.goto(`/profile/admin-view/${me.id}`);
  await expect(page.getByTestId('suspension-details')).toContainText('Reason: No reason provided');
});
