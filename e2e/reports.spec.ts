import { expect, test } from '@playwright/test';
import { createProjectViaApi, expectAccessible, signInAsAdmin } from './admin-support';
import { newMember, signUpViaApi } from './support';

// These journeys cross several screens and run axe several times: more room than the default 60 s.
test.describe.configure({ timeout: 120_000 });

test('a member reports a project, a comment and a user, and the admin resolves the project report', async ({ page, browser }) => {
  // The author, with a project and a comment on it.
  const authorContext = await browser.newContext();
  const author = await authorContext.newPage();
  await signUpViaApi(author, newMember('Rita', 'Author'));
  const authorUser = (await (await author.request.get('/api/auth/user')).json()) as { handle: string };
  const title = `Reported project ${Date.now().toString(36)}`;
  const project = await createProjectViaApi(author, title);
  expect((await author.request.post(`/api/projects/${project.id}/comments`, { data: { content: 'A rude comment' } })).status()).toBe(201);
  await authorContext.close();

  // Another member reports it.
  await signUpViaApi(page, newMember('Rex', 'Reporter'));
  await page.goto(`/project/${project.id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Report this project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report Project' });
  const submit = dialog.getByRole('button', { name: 'Submit Report' });
  await expect(submit).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByLabel('Details (optional)').fill('Links to a scam shop');
  // Only the dialog: the project page under it belongs to another screen's checks.
  await expectAccessible(page, 'report dialog', '[role="dialog"]');
  await submit.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Report submitted');

  // A second report of the same project says so.
  await page.getByRole('button', { name: 'Report this project' }).click();
  await dialog.getByRole('radio', { name: 'Other' }).check();
  await submit.click();
  await expect(page.getByTestId('toast')).toContainText('Already reported');
  await expect(page.getByTestId('toast')).toContainText('You have already reported this.');

  // A comment, from its Report action.
  const comment = page.getByTestId('comment').filter({ hasText: 'A rude comment' });
  await comment.getByRole('button', { name: 'Report the comment by Rita Author' }).click();
  const commentDialog = page.getByRole('dialog', { name: 'Report Comment' });
  await commentDialog.getByRole('radio', { name: 'Harassment or hate speech' }).check();
  await commentDialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(commentDialog).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Report submitted');

  // A user, from their profile.
  await page.goto(`/profile/${authorUser.handle}`);
  await page.getByRole('button', { name: 'Report Rita Author' }).click();
  const userDialog = page.getByRole('dialog', { name: 'Report User' });
  await userDialog.getByRole('radio', { name: 'Misleading or scam' }).check();
  await userDialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(userDialog).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Report submitted');

  // The admin reviews it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin, 'reports');
  await admin.goto('/admin');
  await expect(admin.getByTestId('admin-counter-pending-reports').getByTestId('admin-counter-value')).toHaveText(/^[1-9]\d*$/);
  await admin.getByRole('tab', { name: /^Reports \(\d+\)$/ }).click();
  const row = admin.getByTestId('admin-report-row').filter({ hasText: `Project #${project.id}` });
  await expect(row).toContainText('pending');
  await expect(row).toContainText('Reason: Spam');
  await expect(row).toContainText('Details: Links to a scam shop');
  await expect(row).toContainText(/Reported .* ago/);
  await expect(row.getByRole('link', { name: 'View' })).toHaveAttribute('href', `/project/${project.id}`);
  await expect(admin.getByTestId('admin-report-row').filter({ hasText: 'Reason: Harassment or hate speech' })).toContainText('Comment #');
  await expect(admin.getByTestId('admin-report-row').filter({ hasText: 'Reason: Misleading or scam' })).toContainText('User #');
  await expectAccessible(admin, '/admin reports tab with reports');

  await row.getByRole('button', { name: 'Review' }).click();
  const review = admin.getByRole('dialog', { name: 'Review Report' });
  const update = review.getByRole('button', { name: 'Update Status' });
  await expect(update).toBeDisabled();
  await expect(review.getByRole('radio', { name: 'Reject Report' })).toBeVisible();
  await expect(review.getByRole('radio', { name: 'Escalate' })).toBeVisible();
  await review.getByRole('radio', { name: 'Mark as Resolved' }).check();
  await expectAccessible(admin, 'review dialog');
  await update.click();
  await expect(review).toBeHidden();
  await expect(row).toContainText('resolved');
  await expect(row).toContainText(/Reviewed by admin .* ago/);
  await expect(row.getByRole('button', { name: 'Review' })).toHaveCount(0);
  await adminContext.close();
});
