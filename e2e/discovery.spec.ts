import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createProjectViaApi, newMember, signUpViaApi, type Member } from './support';

/** Titles carry a run token: other spec files (and reruns) may share the server and its database. */
const token = () => randomBytes(3).toString('hex');

type Api = { request: APIRequestContext; user: { id: string; handle: string } };

/** A member with their own cookie jar, registered through the API. */
async function member(playwright: typeof import('@playwright/test').request, baseURL: string, first: string, last: string): Promise<Api> {
  const request = await playwright.newContext({ baseURL });
  const res = await request.post('/api/auth/register', { data: newMember(first, last) });
  expect(res.status(), await res.text()).toBe(201);
  return { request, user: (await res.json()) as Api['user'] };
}

async function createProject(api: Api, baseURL: string, title: string, extra: Record<string, unknown> = {}): Promise<number> {
  const thumbnail = `${baseURL}/e2e-thumbnails/${encodeURIComponent(title)}.png`;
  const values = { title, description: `${title}, made for the discovery tests`, thumbnail, category: 'Web Development', ...extra };
  return (await createProjectViaApi(api.request, baseURL, values)).id;
}

async function scrollLeftOf(page: Page, carouselName: string): Promise<number> {
  return page
    .getByRole('group', { name: carouselName })
    .getByTestId('carousel-row')
    .evaluate((el) => Math.round(el.scrollLeft));
}

test('the home shows Following (with a shared item), Trending and More for you; arrows scroll; the grid pages on scroll', async ({
  page,
  playwright,
  baseURL,
}) => {
  const origin = baseURL!;
  const ada = await member(playwright.request, origin, 'Ada', 'Followed');
  const bob = await member(playwright.request, origin, 'Bob', 'Stranger');
  const run = token();
  const adaTitles = Array.from({ length: 6 }, (_, i) => `Ada build ${i + 1} ${run}`);
  const bobTitles = Array.from({ length: 30 }, (_, i) => `Bob grid item ${i + 1} ${run}`);
  for (const title of adaTitles) await createProject(ada, origin, title);
  const bobIds: number[] = [];
  for (const title of bobTitles) bobIds.push(await createProject(bob, origin, title));
  // Ada shares one of Bob's projects: it reaches Ada's followers with the 'shared' line.
  expect((await ada.request.post(`/api/projects/${bobIds[0]}/share`)).status()).toBeLessThan(300);

  await page.setViewportSize({ width: 1400, height: 800 });
  await signUpViaApi(page, newMember('Mia', 'Member'));
  expect((await page.request.post(`/api/users/${ada.user.handle}/follow`)).status()).toBeLessThan(300);

  // Every "More for you" page the grid asks for, with the number of projects it got.
  const pages: { offset: number; count: number }[] = [];
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (url.pathname !== '/api/projects/recommended' || !url.searchParams.has('offset')) return;
    const body = (await res.json().catch(() => [])) as unknown[];
    pages.push({ offset: Number(url.searchParams.get('offset')), count: body.length });
  });
  const ended = () => pages.some((p) => p.count === 0);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Product Hunt' })).toHaveAttribute('rel', /noopener/);

  const followingSection = page.getByTestId('following-section');
  await expect(followingSection.getByRole('heading', { name: 'Following' })).toBeVisible();
  await expect(followingSection.getByText('From creators you follow')).toBeVisible();
  await expect(page.getByTestId('trending-section').getByText('Most popular projects right now')).toBeVisible();
  await expect(page.getByTestId('recommended-section').getByRole('heading', { name: 'More for you' })).toBeVisible();
  await expect(page.getByTestId('recommended-section').getByText('Recommended projects')).toBeVisible();

  // Following: Ada's six projects and Bob's project that Ada shared, with the sharer's name.
  const followingCards = followingSection.getByTestId('project-card');
  await expect(followingCards).toHaveCount(7);
  const sharedCard = followingCards.filter({ hasText: bobTitles[0]! });
  await expect(sharedCard).toContainText('Ada Followed shared');
  for (const title of adaTitles) await expect(followingSection.getByRole('heading', { name: title })).toBeVisible();

  // Carousel arrows: only the right one at the start; one press moves 320 px and shows the left one.
  const carousel = page.getByRole('group', { name: 'Following' });
  const left = carousel.getByRole('button', { name: 'Scroll Following left' });
  const right = carousel.getByRole('button', { name: 'Scroll Following right' });
  await expect(right).toBeVisible();
  await expect(left).toHaveCount(0);
  await right.click();
  await expect.poll(() => scrollLeftOf(page, 'Following')).toBe(320);
  await expect(left).toBeVisible();
  await left.click();
  await expect.poll(() => scrollLeftOf(page, 'Following')).toBe(0);
  await expect(left).toHaveCount(0);

  // More for you: 8 first, then pages of 8 as the page scrolls, until an empty page; each project once.
  // (Other spec files may share this server: the grid can hold more than this test's projects.)
  const grid = page.getByTestId('recommended-grid');
  await expect(grid.getByTestId('project-card').first()).toBeVisible();
  for (let i = 0; i < 200 && !ended(); i++) {
    const before = await grid.getByTestId('project-card').count();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(async () => ended() || (await grid.getByTestId('project-card').count()) > before, { timeout: 10_000 })
      .toBe(true);
  }
  expect(ended()).toBe(true);
  const offsets = pages.map((p) => p.offset);
  expect(offsets).toEqual(Array.from({ length: offsets.length }, (_, i) => 8 + 8 * i));
  expect(pages.slice(0, -1).every((p) => p.count > 0)).toBe(true);
  // The grid renders its cards from a deferred value: under load the last pages may show a moment after
  // they arrived. Every fetched project shows, each once.
  const gridLinks = grid.locator('a[href^="/project/"]');
  await expect(gridLinks).toHaveCount(8 + pages.reduce((n, p) => n + p.count, 0));
  const links = await gridLinks.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
  expect(new Set(links).size).toBe(links.length);
  const titles = await grid.getByRole('heading', { level: 3 }).allTextContents();
  for (const title of [...adaTitles, ...bobTitles]) expect(titles).toContain(title);
  // After the empty page, scrolling asks for nothing more.
  const asked = pages.length;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // The scroll listener runs before the next frames are painted: after two, no page is loading.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(page.getByLabel('Loading more projects')).toHaveCount(0);
  expect(pages.length).toBe(asked);

  // Trending (for everyone) lists the server's ranking in order; a like reorders it within trending's
  // cache lifetime (a like drops only the answers already showing its project). (The ranking itself is
  // covered by the API tests; other spec files may share this server's data.)
  expect((await page.request.post(`/api/projects/${bobIds[5]}/react`, { data: { type: 'like' } })).status()).toBe(200);
  let ranking: string[] = [];
  await expect
    .poll(
      async () => {
        ranking = ((await (await page.request.get('/api/projects/trending')).json()) as { title: string }[]).map((p) => p.title);
        return ranking.indexOf(bobTitles[5]!);
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBeGreaterThanOrEqual(0);
  const liked = ranking.indexOf(bobTitles[5]!);
  const sibling = ranking.indexOf(bobTitles[6]!);
  expect(sibling === -1 || liked < sibling).toBe(true);
  await page.reload();
  const trendingTitles = page.getByRole('group', { name: 'Trending' }).getByRole('heading', { level: 3 });
  await expect(trendingTitles).toHaveText(ranking);
});

test('a member who follows nobody sees no Following section; Trending and More for you remain', async ({ page }) => {
  await signUpViaApi(page, newMember('Solo', 'Member'));
  await page.goto('/');
  await expect(page.getByTestId('trending-section')).toBeVisible();
  await expect(page.getByTestId('recommended-grid').getByTestId('project-card').first()).toBeVisible();
  await expect(page.getByTestId('following-section')).toHaveCount(0);
});

test('Trending says when it has nothing to show, and when it could not load', async ({ page }) => {
  await signUpViaApi(page, newMember('Tia', 'Trending'));
  const trending = page.getByTestId('trending-section');
  await page.route('**/api/projects/trending', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
  await page.goto('/');
  await expect(trending.getByText('No trending projects yet')).toBeVisible();
  await expect(trending.getByRole('group', { name: 'Trending' })).toHaveCount(0);

  await page.unroute('**/api/projects/trending');
  await page.route('**/api/projects/trending', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' }));
  await page.reload();
  await expect(trending.getByText('Failed to load trending projects')).toBeVisible();
});

test('opening Explore asks once for the member and for each list; the first cards of a carousel load their thumbnails at once', async ({
  page,
  playwright,
  baseURL,
}) => {
  const maker = await member(playwright.request, baseURL!, 'Eve', 'Eager');
  const run = token();
  // A thumbnail that loads (a failed one shows the category tile, without an image).
  for (let i = 0; i < 6; i++) await createProject(maker, baseURL!, `Eager build ${i + 1} ${run}`, { thumbnail: `${baseURL}/favicon.svg` });
  await signUpViaApi(page, newMember('Ian', 'Impatient'));
  expect((await page.request.post(`/api/users/${maker.user.handle}/follow`)).status()).toBeLessThan(300);

  // The member and the three lists are asked for early (beside the page's code), and only then: the
  // page's own queries take those answers instead of asking again.
  const asked = new Map<string, number>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.searchParams.has('offset')) return; // later pages of More for you, asked for on scroll
    asked.set(url.pathname, (asked.get(url.pathname) ?? 0) + 1);
  });
  await page.goto('/');
  const following = page.getByRole('group', { name: 'Following' });
  await expect(following.getByTestId('project-card')).toHaveCount(6);
  await expect(page.getByTestId('recommended-grid').getByTestId('project-card').first()).toBeVisible();
  for (const path of ['/api/auth/user', '/api/projects/following', '/api/projects/trending', '/api/projects/recommended']) {
    expect(asked.get(path), path).toBe(1);
  }

  // A wide first screen shows four cards of a row: those are not lazy; the rest load as they scroll in.
  const loading = await following.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('loading')));
  expect(loading).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
});

test('muted text (a section subtitle, a card author) shows in the secondary text colour, light and dark', async ({ page, playwright, baseURL }) => {
  // MUI 9's Typography takes color="textSecondary": the palette path "text.secondary" was silently
  // ignored, so muted text showed in the primary colour.
  const origin = baseURL!;
  const last = `Muted${token()}`;
  const ada = await member(playwright.request, origin, 'Ada', last);
  const title = `Muted text ${token()}`;
  await createProject(ada, origin, title);
  await signUpViaApi(page, newMember('Mia', 'Member'));
  for (const [scheme, primary, secondary] of [
    ['light', 'rgba(0, 0, 0, 0.87)', 'rgba(0, 0, 0, 0.6)'],
    ['dark', 'rgb(255, 255, 255)', 'rgba(255, 255, 255, 0.7)'],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/');
    const trending = page.getByTestId('trending-section');
    await expect(trending.getByRole('heading', { name: 'Trending' })).toHaveCSS('color', primary);
    await expect(trending.getByText('Most popular projects right now')).toHaveCSS('color', secondary);
    await page.goto(`/profile/${ada.user.handle}`);
    const card = page.getByTestId('project-card').filter({ hasText: title });
    await expect(card.getByRole('heading', { name: title })).toHaveCSS('color', primary);
    await expect(card.getByText(`Ada ${last}`, { exact: true })).toHaveCSS('color', secondary);
  }
});

test("searching 'raect' from the sidebar shows the React projects and the matching comments, which link to their project", async ({
  page,
  playwright,
  baseURL,
}) => {
  const origin = baseURL!;
  const run = token();
  const [reactTitle, nativeTitle, vueTitle] = [`React Kanban Board ${run}`, `Weather in React Native ${run}`, `Vue Pomodoro Timer ${run}`];
  const author = await member(playwright.request, origin, 'Rhea', 'Author');
  await createProject(author, origin, reactTitle);
  await createProject(author, origin, nativeTitle, { category: 'Mobile Development' });
  const vue = await createProject(author, origin, vueTitle);
  const commenter: Member = await signUpViaApi(page, newMember('Cole', 'Commenter'));
  expect(commenter.email).toBeTruthy();
  const comment = `Would love a react version of this ${run}`;
  const posted = await page.request.post(`/api/projects/${vue}/comments`, { data: { content: comment } });
  expect(posted.status(), await posted.text()).toBeLessThan(300);
  await page.request.post(`/api/projects/${vue}/comments`, { data: { content: 'Nice colours' } });

  await page.goto('/');
  const box = page.getByRole('textbox', { name: 'Search projects' });
  await box.fill('raect');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=raect$/);

  // (Other spec files may share the server: the counts are checked against what is listed, every page shown.)
  await showEveryPage(page, 'projects');
  await showEveryPage(page, 'comments');
  const projects = page.getByTestId('projects-results');
  await expect(projects.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await expect(projects.getByRole('heading', { name: reactTitle })).toBeVisible();
  await expect(projects.getByRole('heading', { name: nativeTitle })).toBeVisible();
  await expect(projects.getByRole('heading', { name: vueTitle })).toHaveCount(0);
  await expect(page.getByTestId('projects-count')).toHaveText(String(await projects.getByTestId('project-card').count()));

  const comments = page.getByTestId('comments-results');
  await expect(page.getByTestId('comments-count')).toHaveText(String(await comments.getByTestId('comment-result').count()));
  const hit = comments.getByTestId('comment-result').filter({ hasText: comment });
  await expect(hit).toContainText('Cole Commenter');
  await expect(hit).toHaveAttribute('href', `/project/${vue}`);
  await expect(comments.getByText(`Nice colours`)).toHaveCount(0);

  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/project/${vue}$`));
});

/** Presses a search section's 'Show more' until the section shows everything its count says. */
async function showEveryPage(page: Page, section: 'projects' | 'comments') {
  const results = page.getByTestId(`${section}-results`);
  const more = results.getByRole('button', { name: `Show more ${section}` });
  const items = results.getByTestId(section === 'projects' ? 'project-card' : 'comment-result');
  await expect(page.getByTestId(`${section}-count`)).toBeVisible();
  while (await more.isVisible()) {
    const before = await items.count();
    await more.click();
    await expect.poll(() => items.count()).toBeGreaterThan(before);
  }
}

test("a search finding more than a page shows 20 of each section under its full count, and 'Show more' brings the rest", async ({ page, playwright, baseURL }) => {
  const origin = baseURL!;
  const word = `zq${token()}`;
  const author = await member(playwright.request, origin, 'Page', 'Author');
  for (let i = 0; i < 23; i++) await createProject(author, origin, `Axolotl tracker ${word} ${i}`);
  await signUpViaApi(page, newMember('Paige', 'Reader'));
  const host = await createProject(author, origin, 'Guestbook');
  for (let i = 0; i < 21; i++) {
    const posted = await page.request.post(`/api/projects/${host}/comments`, { data: { content: `Seen ${word} number ${i}` } });
    expect(posted.status(), await posted.text()).toBe(201);
  }

  await page.goto(`/search?q=${word}`);
  const projects = page.getByTestId('projects-results');
  const comments = page.getByTestId('comments-results');
  await expect(page.getByTestId('projects-count')).toHaveText('23');
  await expect(page.getByTestId('comments-count')).toHaveText('21');
  await expect(projects.getByTestId('project-card')).toHaveCount(20);
  await expect(comments.getByTestId('comment-result')).toHaveCount(20);

  // A page that cannot come says so; pressing again brings it.
  await page.route(/\/api\/search\?.*only=projects/, (route) => route.abort('internetdisconnected'), { times: 1 });
  await projects.getByRole('button', { name: 'Show more projects' }).click();
  await expect(projects.getByRole('alert')).toHaveText('Could not load more projects.');
  await expect(projects.getByTestId('project-card')).toHaveCount(20);
  await projects.getByRole('button', { name: 'Show more projects' }).click();
  await expect(projects.getByTestId('project-card')).toHaveCount(23);
  await expect(projects.getByRole('alert')).toHaveCount(0);
  await expect(projects.getByRole('button', { name: 'Show more projects' })).toHaveCount(0);
  // The other section is as it was until asked.
  await expect(comments.getByTestId('comment-result')).toHaveCount(20);
  await page.route(/\/api\/search\?.*only=comments/, (route) => route.abort('internetdisconnected'), { times: 1 });
  await comments.getByRole('button', { name: 'Show more comments' }).click();
  await expect(comments.getByRole('alert')).toHaveText('Could not load more comments.');
  await comments.getByRole('button', { name: 'Show more comments' }).click();
  await expect(comments.getByTestId('comment-result')).toHaveCount(21);
  await expect(comments.getByRole('alert')).toHaveCount(0);
  await expect(comments.getByRole('button', { name: 'Show more comments' })).toHaveCount(0);
  await expect(page.getByTestId('projects-count')).toHaveText('23');
});

test("the search page prompts for a term without one and says 'No results found' when nothing matches", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/search');
  await expect(page.getByText('Enter a search term...')).toBeVisible();
  await page.goto('/search?q=zzqqxxj');
  await expect(page.getByText('No results found')).toBeVisible();
});
