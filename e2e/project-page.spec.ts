import { expect, test, type Browser, type Page } from '@playwright/test';
import { createProjectViaApi, newMember, signUpViaApi } from './support';

// The project page and its interactions, Saved and Notifications, with the toast each action shows.

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

const createProject = (page: Page, baseURL: string, values: Record<string, unknown> = {}) =>
  createProjectViaApi(page.request, baseURL, {
    tutorialUrl: 'https://example.com/snake-tutorial',
    projectUrl: 'https://snake.example.com',
    timeSpent: 3,
    timeUnit: 'days',
    ...values,
  });

const toast = (page: Page) => page.getByTestId('toast');

test('a member likes, saves, rates, comments on and shares a project; the author is notified and marks one read', async ({ page, browser, baseURL }) => {
  const authorPage = await newPage(browser, baseURL);
  await signUpViaApi(authorPage, newMember('Alan', 'Turing'));
  const project = await createProject(authorPage, baseURL!);

  await signUpViaApi(page, newMember('Ada', 'Lovelace'));
  await page.goto(`/project/${project.id}`);

  // Every element of the page, before anyone interacts.
  await expect(page.getByRole('heading', { level: 1, name: 'Snake in WebGL' })).toBeVisible();
  await expect(page.getByTestId('project-description')).toHaveText('The classic game, drawn on the GPU.');
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  await expect(page.getByTestId('author-name')).toHaveText('Alan Turing');
  await expect(page.getByTestId('author-counts')).toHaveText('0 followers · 0 following');
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Watch Tutorial' })).toHaveAttribute('href', 'https://example.com/snake-tutorial');
  await expect(page.getByRole('link', { name: 'View Project' })).toHaveAttribute('href', 'https://snake.example.com');
  await expect(page.getByTestId('stat-time')).toHaveText('Time: 3 days');
  await expect(page.getByTestId('stat-views')).toHaveText('1 view');
  await expect(page.getByTestId('average-rating')).toContainText('No ratings yet');
  await expect(page.getByTestId('average-rating').getByTestId('rating-value')).toHaveText('-');
  await expect(page.getByText('Rate this project:')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
  await expect(page.getByText('No comments yet')).toBeVisible();
  await expect(page.getByText('Be the first to share your thoughts!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recommended Projects' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse More Projects' })).toHaveAttribute('href', '/');

  // Like.
  await page.getByTestId('like-button').click();
  await expect(toast(page)).toContainText('Successfully reacted to project!');
  await expect(page.getByTestId('like-button')).toHaveText('Liked (1)');
  await expect(page.getByTestId('stat-likes')).toHaveText('1 like');

  // Save.
  await page.getByTestId('save-button').click();
  await expect(toast(page)).toContainText('Project added to saved projects!');
  await expect(page.getByTestId('save-button')).toHaveText('Saved (1)');
  await expect(page.getByTestId('stat-saves')).toHaveText('1 save');

  // Rate: the average and its label follow.
  await page.getByTestId('rate-project').locator('label').filter({ hasText: '4 Stars' }).click();
  await expect(toast(page)).toContainText('Rating submitted successfully!');
  await expect(page.getByTestId('average-rating')).toContainText('(1 rating)');
  await expect(page.getByTestId('average-rating').getByTestId('rating-value')).toHaveText('4.0');

  // Comment: Post Comment stays disabled for blank text; markup shows as text.
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  const post = page.getByRole('button', { name: 'Post Comment' });
  await expect(post).toBeDisabled();
  await box.fill('    ');
  await expect(post).toBeDisabled();
  await box.fill('  <b>Great</b> work <script>window.__pwned = 1</script>  ');
  await expect(post).toBeEnabled();
  await post.click();
  await expect(toast(page)).toContainText('Comment posted successfully!');
  await expect(page.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
  await expect(page.getByTestId('comment-content')).toHaveText('<b>Great</b> work <script>window.__pwned = 1</script>');
  await expect(page.getByTestId('comment')).toContainText('Ada Lovelace');
  await expect(box).toHaveValue('');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  // Share.
  await page.getByTestId('share-button').click();
  await expect(toast(page)).toContainText('Project shared successfully!');
  await expect(page.getByTestId('share-button')).toHaveText('Share (1)');

  // Everything is stored: a reload shows the same state.
  await page.reload();
  await expect(page.getByTestId('like-button')).toHaveText('Liked (1)');
  await expect(page.getByTestId('save-button')).toHaveText('Saved (1)');
  await expect(page.getByTestId('average-rating')).toContainText('(1 rating)');
  await expect(page.getByTestId('rate-project').getByRole('radio', { name: '4 Stars' })).toBeChecked();

  // The Saved page lists the saved project.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved' }).click();
  await expect(page.getByRole('heading', { name: 'Saved Projects', exact: true })).toBeVisible();
  await expect(page.getByTestId('project-card')).toHaveCount(1);
  await expect(page.getByTestId('project-card')).toContainText('Snake in WebGL');
  await expect(page.getByTestId('project-card')).toContainText('(1 rating)');

  // Removing the like toggles back.
  await page.getByTestId('project-card').getByRole('link').first().click();
  await page.getByTestId('like-button').click();
  await expect(toast(page)).toContainText('Successfully removed reaction from project!');
  await expect(page.getByTestId('like-button')).toHaveText('Like (0)');

  // The author: four notifications (like, rating, comment, share), an unread badge, mark one read.
  await authorPage.goto('/notifications');
  const nav = authorPage.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByTestId('notifications-badge')).toContainText('4');
  await expect(authorPage.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
  await expect(authorPage.getByRole('main').getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
  const items = authorPage.getByTestId('notification');
  await expect(items).toHaveCount(4);
  await expect(items.filter({ hasText: 'Ada Lovelace liked your project "Snake in WebGL"' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'Ada Lovelace commented on your project "Snake in WebGL"' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'Ada Lovelace rated your project "Snake in WebGL" 4 stars' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'Ada Lovelace shared your project "Snake in WebGL"' })).toHaveCount(1);
  await expect(authorPage.locator('[data-testid="notification"][data-read="false"]')).toHaveCount(4);

  await authorPage.getByRole('button', { name: 'Mark "New like" as read' }).click();
  await expect(items.filter({ hasText: 'liked your project' })).toHaveAttribute('data-read', 'true');
  await expect(authorPage.locator('[data-testid="notification"][data-read="false"]')).toHaveCount(3);
  await expect(authorPage.getByRole('button', { name: 'Mark "New like" as read' })).toHaveCount(0);
  await expect(nav.getByTestId('notifications-badge')).toContainText('3');

  // Clicking a notification goes to its link; the author's own page has no rating input and no follow button.
  await items.filter({ hasText: 'commented on your project' }).getByRole('button').first().click();
  await expect(authorPage).toHaveURL(new RegExp(`/project/${project.id}$`));
  await expect(authorPage.getByRole('heading', { level: 1, name: 'Snake in WebGL' })).toBeVisible();
  await expect(authorPage.getByTestId('comment-content')).toHaveText('<b>Great</b> work <script>window.__pwned = 1</script>');
  await expect(authorPage.getByText('Rate this project:')).toHaveCount(0);
  await expect(authorPage.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);
  await expect(authorPage.getByRole('button', { name: 'Unfollow', exact: true })).toHaveCount(0);
  await expect(authorPage.getByTestId('like-button')).toBeVisible();
  await authorPage.context().close();
});

test('the sidebar recommends other projects and a missing project shows Project not found', async ({ page, baseURL }) => {
  await signUpViaApi(page, newMember('Grace', 'Hopper'));
  const a = await createProject(page, baseURL!, { title: 'Compiler Notes', category: 'DevOps' });
  const b = await createProject(page, baseURL!, { title: 'Bug Logbook', category: 'DevOps' });

  await page.goto(`/project/${a.id}`);
  const sidebar = page.getByRole('complementary');
  await expect(sidebar.getByTestId('recommended-item').filter({ hasText: 'Bug Logbook' })).toBeVisible();
  await expect(sidebar.getByTestId('recommended-item').filter({ hasText: 'Compiler Notes' })).toHaveCount(0);
  await sidebar.getByTestId('recommended-item').filter({ hasText: 'Bug Logbook' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${b.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Bug Logbook' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Compiler Notes' })).toBeVisible();

  await page.goto('/project/99999999');
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  await page.goto('/project/not-a-number');
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
});

test('a new member sees the empty Saved and Notifications pages', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/saved');
  await expect(page.getByRole('heading', { name: 'Saved Projects', exact: true })).toBeVisible();
  await expect(page.getByTestId('saved-empty')).toBeVisible();
  await page.getByRole('link', { name: 'Explore Projects' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
  await expect(page.getByText('No notifications yet')).toBeVisible();
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
});

test('the error screens and failure toasts of the project page and notifications', async ({ page, browser, baseURL }) => {
  const authorPage = await newPage(browser, baseURL);
  await signUpViaApi(authorPage, newMember('Mary', 'Jackson'));
  const project = await createProject(authorPage, baseURL!, { title: 'Wind Tunnel' });
  await signUpViaApi(page, newMember('Dorothy', 'Vaughan'));
  const detail = new RegExp(`/api/projects/${project.id}$`);

  // A failing write keeps the state and says so.
  await page.route(new RegExp(`/api/projects/${project.id}/react$`), (route) => route.fulfill({ status: 500, body: '{"message":"Internal server error"}' }));
  await page.goto(`/project/${project.id}`);
  await page.getByTestId('like-button').click();
  await expect(toast(page)).toContainText('Failed to react to project. Please try again.');
  await expect(page.getByTestId('like-button')).toHaveText('Like (0)');
  await page.unrouteAll();

  // A suspended author's project.
  await page.route(detail, (route) => route.fulfill({ status: 403, contentType: 'application/json', body: '{"message":"Content Unavailable"}' }));
  await page.goto(`/project/${project.id}`);
  await expect(page.getByRole('heading', { name: 'Content Unavailable' })).toBeVisible();
  await expect(page.getByText('This project is from a suspended user and is no longer accessible.')).toBeVisible();
  await page.unrouteAll();

  // Any other load error, with Try Again reloading the page.
  let failures = 1;
  await page.route(detail, (route) => (failures-- > 0 ? route.fulfill({ status: 500, body: 'boom' }) : route.continue()));
  await page.goto(`/project/${project.id}`);
  await expect(page.getByRole('heading', { name: 'Error Loading Project' })).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wind Tunnel' })).toBeVisible();
  await page.unrouteAll();

  // A lost session on page load: the logged-out toast, then the trip to /api/login.
  await page.route(detail, (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Unauthorized"}' }));
  const login = page.waitForRequest((req) => req.url().includes('/api/login'));
  await page.goto(`/project/${project.id}`);
  await expect(toast(page)).toContainText('You are logged out. Logging in again...');
  await login;
  await page.unrouteAll();

  // Marking a notification read fails: the item stays unread and a toast says so.
  await page.request.post(`/api/projects/${project.id}/react`, { data: { type: 'like' } });
  await authorPage.route(/\/api\/notifications\/\d+\/read$/, (route) => route.fulfill({ status: 500, body: 'boom' }));
  await authorPage.goto('/notifications');
  await authorPage.getByRole('button', { name: 'Mark "New like" as read' }).click();
  await expect(toast(authorPage)).toContainText('Failed to mark notification as read');
  await expect(authorPage.getByTestId('notification')).toHaveAttribute('data-read', 'false');
  await authorPage.context().close();
});
