import { expect, test } from '@playwright/test';
import { dismissToast, expectAccessible, signInAsAdmin } from './admin-support';
import { signUpViaApi } from './support';

// These journeys cross several screens and run axe several times: more room than the default 60 s.
test.describe.configure({ timeout: 120_000 });

test('an admin creates, edits and deletes a post, and /blog follows', async ({ page, browser }) => {
  await signInAsAdmin(page, 'blog', 'Bea', 'Writer');
  const slug = `e2e-post-${Date.now().toString(36)}`;
  await page.goto('/admin');
  await page.getByRole('tab', { name: /^Blog/ }).click();
  await page.getByRole('button', { name: 'New Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
  await expect(dialog.getByLabel('Excerpt')).toHaveAttribute('rows', '3');
  await expect(dialog.getByLabel('Content')).toHaveAttribute('rows', '8');
  await expectAccessible(page, 'blog dialog');

  // Missing fields: the spec's toast.
  await dialog.getByLabel('Title').fill('Shipping faster');
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByTestId('toast')).toContainText('All fields are required');
  await dismissToast(page);

  await dialog.getByLabel('Slug (URL)').fill(slug);
  await dialog.getByLabel('Excerpt').fill('How we ship every day');
  await dialog.getByLabel('Content').fill('First paragraph.\nSecond line <b>not bold</b>');
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('admin-blog-row').filter({ hasText: `/${slug}` });
  await expect(row).toContainText('Shipping faster');
  await expect(row).toContainText('How we ship every day');
  await expect(row).toContainText('By Bea Writer');
  await expect(row.getByRole('link', { name: 'View Shipping faster' })).toHaveAttribute('href', `/blog/${slug}`);
  await expect(row.getByRole('link', { name: 'View Shipping faster' })).toHaveAttribute('target', '_blank');

  // A taken slug is refused with the server's reason.
  await page.getByRole('button', { name: 'New Post' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('');
  await dialog.getByLabel('Title').fill('Duplicate');
  await dialog.getByLabel('Slug (URL)').fill(slug);
  await dialog.getByLabel('Excerpt').fill('x');
  await dialog.getByLabel('Content').fill('y');
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByTestId('toast')).toContainText('Failed to create blog post: A blog post with this slug already exists');
  await dismissToast(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Everyone reads it: the list and the post, with line breaks kept and markup shown as text.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await signUpViaApi(reader);
  await reader.goto('/blog');
  await expect(reader.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
  await expect(reader.getByText('Buildboard Blog')).toBeVisible();
  await expect(reader.getByRole('link', { name: 'Sign Out' }).first()).toBeVisible();
  const card = reader.getByTestId('blog-card').filter({ hasText: 'Shipping faster' });
  await expect(card).toContainText('By Bea Writer');
  await expectAccessible(reader, '/blog');
  await card.getByRole('link', { name: 'Shipping faster' }).click();
  await expect(reader).toHaveURL(new RegExp(`/blog/${slug}$`));
  await expect(reader.getByRole('heading', { name: 'Shipping faster' })).toBeVisible();
  const content = reader.getByTestId('blog-post-content');
  expect(await content.innerText()).toBe('First paragraph.\nSecond line <b>not bold</b>');
  await expect(content.locator('b')).toHaveCount(0);
  await expectAccessible(reader, '/blog/{slug}');

  // Edit fills the form; Update Post changes the post.
  await row.getByRole('button', { name: 'Edit Shipping faster' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Blog Post' });
  await expect(edit.getByLabel('Slug (URL)')).toHaveValue(slug);
  await edit.getByLabel('Title').fill('Shipping even faster');
  await edit.getByRole('button', { name: 'Update Post' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Shipping even faster');
  await reader.goto('/blog');
  await expect(reader.getByTestId('blog-card').filter({ hasText: 'Shipping even faster' })).toBeVisible();

  // Delete after the spec's confirmation.
  await row.getByRole('button', { name: 'Delete Shipping even faster' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Blog Post' });
  await expect(confirm).toContainText('This will permanently delete "Shipping even faster". This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await reader.goto(`/blog/${slug}`);
  await expect(reader.getByRole('heading', { name: 'Blog post not found' })).toBeVisible();
  await expect(reader.getByText("The blog post you're looking for doesn't exist.")).toBeVisible();
  await reader.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(reader).toHaveURL(/\/blog$/);
  await expect(reader.getByTestId('blog-card').filter({ hasText: 'Shipping even faster' })).toHaveCount(0);
  await readerContext.close();
});

test('the blog list shows 3 placeholders while loading and its empty state', async ({ page }) => {
  await signUpViaApi(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/blog\?/, async (route) => {
    await held;
    await route.fulfill({ status: 200, contentType: 'application/json', body: '[]' });
  });
  await page.goto('/blog');
  await expect(page.getByTestId('blog-skeletons').locator('.MuiSkeleton-root')).toHaveCount(3);
  release();
  await expect(page.getByText('No blog posts yet')).toBeVisible();
  await expect(page.getByText('Check back soon for the latest updates and insights.')).toBeVisible();
});
