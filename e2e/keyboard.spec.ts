import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { CAROUSEL_ARROW_TOLERANCE_PX } from '@shared/constants';
import { createProjectViaApi, newMember, signUpViaApi } from './support';

// Everything below is done with the keyboard only (Tab, Shift+Tab, Enter, Space, arrows,
// Escape). The page is opened by address, as a user would type it.

test.describe.configure({ timeout: 120_000 });

/** Presses Tab until `target` (or something inside it) has the focus. */
async function tabTo(page: Page, target: Locator, max = 200) {
  for (let i = 0; i < max; i += 1) {
    const focused = await target
      .first()
      .evaluate((el) => el === document.activeElement || el.contains(document.activeElement), null, { timeout: 1_000 })
      .catch(() => false);
    if (focused) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The focused element shows a ring: an outline at least 2 px wide that is not 'none'. */
async function expectFocusRing(target: Locator) {
  await expect(target).toBeFocused();
  const outline = await target.evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
}

const announcer = (page: Page) => page.getByTestId('toast-announcer');

async function projectByAnotherMember(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const author = await context.newPage();
  await signUpViaApi(author, newMember('Alan', 'Turing'));
  const project = await createProjectViaApi(author.request, baseURL);
  await context.close();
  return project;
}

test('skip link, focus ring, theme choice, and creating a project in a dialog that traps and returns focus', async ({ page, baseURL }) => {
  await signUpViaApi(page, newMember('Ada', 'Lovelace'));
  await page.goto('/my-projects');
  await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toBeVisible();

  // The first Tab stop is the skip link; it moves the focus to the content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  // The theme choice in the sidebar, remembered across a reload.
  await page.reload();
  const nav = page.getByRole('navigation', { name: 'Main' });
  const dark = nav.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark' });
  await expect(nav.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true');
  // One Tab stop for the group (the chosen mode); the arrow keys move between the modes.
  await tabTo(page, nav.getByRole('group', { name: 'Theme' }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expectFocusRing(dark);
  await page.keyboard.press('Enter');
  await expect(dark).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(dark).toHaveAttribute('aria-pressed', 'true');

  // Create Project: Escape closes the dialog and gives the focus back to the button that opened it.
  const create = page.getByRole('main').getByRole('button', { name: 'Create Project' });
  await tabTo(page, create);
  await expectFocusRing(create);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create Project' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();

  // Open again; Tab and Shift+Tab stay inside the dialog.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const inDialog = () => dialog.evaluate((d) => d.contains(document.activeElement));
  for (let i = 0; i < 25; i += 1) await page.keyboard.press('Tab');
  expect(await inDialog()).toBe(true);
  for (let i = 0; i < 25; i += 1) await page.keyboard.press('Shift+Tab');
  expect(await inDialog()).toBe(true);

  await tabTo(page, dialog.getByLabel('Title'));
  await page.keyboard.type('Keyboard Garden');
  await tabTo(page, dialog.getByLabel('Description'));
  await page.keyboard.type('Made without a mouse.');
  await tabTo(page, dialog.getByLabel('Thumbnail URL'));
  await page.keyboard.type(`${baseURL}/demo/thumb-2.svg`);
  // The category list opens with Enter; arrows pick 'Data Science' (the sixth); Enter chooses it.
  await tabTo(page, dialog.getByRole('combobox', { name: 'Category' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Web Development' })).toBeFocused();
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Data Science' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('combobox', { name: 'Category' })).toHaveText('Data Science');
  await tabTo(page, dialog.getByLabel('Tutorial URL'));
  await page.keyboard.type('https://example.com/tutorial');
  await tabTo(page, dialog.getByLabel('External URL'));
  await page.keyboard.type('https://garden.example.com');
  const submit = dialog.getByRole('button', { name: 'Create Project' });
  await tabTo(page, submit);
  await expectFocusRing(submit);
  await page.keyboard.press('Enter');

  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('project-card').filter({ hasText: 'Keyboard Garden' })).toBeVisible();
  // The toast is announced by the polite live region that is always in the page.
  await expect(announcer(page)).toHaveAttribute('aria-live', 'polite');
  await expect(announcer(page)).toContainText('Project created');
});

test('a member likes, rates and comments on a project with the keyboard only', async ({ page, browser, baseURL }) => {
  const project = await projectByAnotherMember(browser, baseURL!);
  await signUpViaApi(page, newMember('Ada', 'Lovelace'));
  await page.goto(`/project/${project.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Snake in WebGL' })).toBeVisible();

  // Toggle buttons say whether they are on.
  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('save-button')).toHaveAttribute('aria-pressed', 'false');

  // Like.
  const like = page.getByTestId('like-button');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toBeEnabled();
  await tabTo(page, like);
  await expectFocusRing(like);
  await page.keyboard.press('Enter');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(/Liked \(1\)/);
  await expect(announcer(page)).toContainText('Successfully reacted to project!');

  // Rate: the stars are a radio group; the arrow keys move along it, each move rates.
  const rate = page.getByTestId('rate-project');
  await tabTo(page, rate);
  const fourStars = rate.getByRole('radio', { name: '4 Stars' });
  for (let i = 0; i < 6 && !(await fourStars.isChecked()); i += 1) {
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/projects/${project.id}/rate`) && r.ok());
    await page.keyboard.press('ArrowRight');
    await saved;
  }
  await expect(fourStars).toBeChecked();
  await expect(announcer(page)).toContainText('Rating submitted successfully!');
  await expect
    .poll(async () => ((await (await page.request.get(`/api/projects/${project.id}/user-rating`)).json()) as { rating: number | null }).rating)
    .toBe(4);

  // Comment.
  const box = page.getByLabel('Add a comment');
  await tabTo(page, box);
  await page.keyboard.type('Played it with the arrow keys.');
  const post = page.getByRole('button', { name: 'Post Comment' });
  await tabTo(page, post);
  await expectFocusRing(post);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
  await expect(page.getByText('Played it with the arrow keys.')).toBeVisible();
});

test('the Trending carousel scrolls with its arrow buttons and the arrow keys; focus survives a vanishing arrow', async ({ page, browser, baseURL }) => {
  // Enough projects that Trending overflows its row.
  for (let i = 0; i < 5; i += 1) await projectByAnotherMember(browser, baseURL!);
  await signUpViaApi(page);
  await page.emulateMedia({ reducedMotion: 'reduce' }); // scroll at once, no smooth animation
  await page.goto('/');
  const carousel = page.getByRole('group', { name: 'Trending' });
  const row = carousel.getByTestId('carousel-row');
  const scrollLeft = () => row.evaluate((el) => el.scrollLeft);
  const right = carousel.getByRole('button', { name: 'Scroll Trending right' });
  const left = carousel.getByRole('button', { name: 'Scroll Trending left' });
  await expect(right).toBeVisible();
  await expect(left).toHaveCount(0);
  // This member follows nobody: the Following section (placeholders while loading) goes once its answer
  // is shown, which moves Trending up; the click below must not race that.
  await expect(page.getByTestId('following-section')).toHaveCount(0);

  // Keyboard navigation starts where the reader is: at the Trending heading (a click there moves
  // Chromium's sequential focus starting point), not through every control above it. The arrows come
  // before the cards: tabbing through the cards scrolls the row to its end, which removes the right arrow.
  await page.getByRole('heading', { name: 'Trending' }).click();
  // The new member's unverified-address banner (its Resend button) sits above Explore's header.
  await tabTo(page, right, 4);
  await expectFocusRing(right);
  await page.keyboard.press('Enter');
  await expect.poll(scrollLeft).toBeGreaterThan(0);
  await expect(left).toBeVisible();

  // Enter until the row's end: the right arrow goes away and the focus moves to the left one.
  // The arrows follow the row a render after it scrolls: before the next press, wait until the right
  // arrow says what the row says, or Enter could land on the left arrow the focus just moved to.
  const roomRight = () => row.evaluate((el, tolerance) => el.scrollLeft + el.clientWidth < el.scrollWidth - tolerance, CAROUSEL_ARROW_TOLERANCE_PX);
  for (let i = 0; i < 30 && (await right.count()) > 0; i += 1) {
    const at = await scrollLeft();
    await page.keyboard.press('Enter');
    await expect.poll(scrollLeft).toBeGreaterThan(at);
    await expect.poll(async () => (await right.count()) > 0).toBe(await roomRight());
  }
  await expect(right).toHaveCount(0);
  await expect(left).toBeFocused();

  // The arrow keys scroll the row from inside it.
  const before = await scrollLeft();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(scrollLeft).toBeLessThan(before);
});
