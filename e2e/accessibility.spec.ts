import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startFakeStripe, type FakeStripe } from '../server/test/fake-stripe';
import { spawnServer, type SpawnedServer } from '../server/test/spawn-server';
import { routeStripe } from './stripe-js-stub';
import { createProjectViaApi, E2E_ADMIN_EMAIL, newMember, signUpViaApi, verifyViaMail, type Member } from './support';

// Every route of the route tables, for each audience, in light and in dark
// mode, with dialogs open where a screen has them, has no serious or critical axe violation.
//
// The sweep is a data table: add a row for a new screen or dialog, nothing else. One browser context per
// role, signed in once; the rows of that role then run one after the other in it.

type Role = 'visitor' | 'member' | 'admin' | 'premium';
type Fixtures = { projectId: number; ownProjectId: number; authorHandle: string; authorId: string; blogSlug: string; blogTitle: string };
type Row = {
  path: string | ((f: Fixtures) => string);
  roles: readonly Role[];
  /** What is on screen once the page has loaded; by default any level-1 heading. */
  ready?: (page: Page) => Promise<void>;
  /** Opens a dialog (or anything else) before the check. */
  open?: { name: string; action: (page: Page, f: Fixtures) => Promise<void>; after?: (page: Page) => Promise<void> };
  /** The screen changes by itself (a toast hides after 5 s): each colour scheme loads it anew. */
  transient?: boolean;
};

// Every route runs as a member; admins and premium members revisit the screens their role changes (the
// shell, their own profile, the admin and premium screens), so the sweep stays short enough for CI.
const SIGNED_IN: readonly Role[] = ['member', 'admin', 'premium'];
const MEMBER: readonly Role[] = ['member'];

const heading = (name: string | RegExp, level = 1) => async (page: Page) => {
  await expect(page.getByRole('heading', { name, level }).first()).toBeVisible();
};
const anyH1 = heading(/./);
/**
 * A project page at rest: its comments, and the member's own likes and saves, until which Like and
 * Save are disabled (enabling them starts a colour transition that axe would catch half-way).
 */
const projectPage = async (page: Page) => {
  await heading('Comments (1)', 2)(page);
  await expect(page.getByTestId('like-button')).toBeEnabled();
  await expect(page.getByTestId('save-button')).toBeEnabled();
};
/** Clicks a button in the page's main region and waits for the dialog it opens. */
const dialog = (button: string | RegExp, title: string) => ({
  name: title,
  action: async (page: Page) => {
    await page.getByRole('main').getByRole('button', { name: button, exact: true }).first().click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  },
});

/** Clicks a button anywhere on the page (after `before`, e.g. choosing a tab) and waits for the dialog it opens. */
const dialogVia = (button: string | ((f: Fixtures) => string), title: string, before?: (page: Page) => Promise<void>) => ({
  name: title,
  action: async (page: Page, f: Fixtures) => {
    if (before) await before(page);
    const name = typeof button === 'function' ? button(f) : button;
    await page.getByRole('button', { name, exact: true }).first().click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  },
});
const adminTab = (tab: 'Users' | 'Reports' | 'Blog') => async (page: Page) => {
  const target = page.getByRole('tab', { name: new RegExp(`^${tab} \\(\\d+\\)$`) });
  await target.click();
  await expect(target).toHaveAttribute('aria-selected', 'true');
};
const adminReady = heading('Admin Portal');
/**
 * A toast is part of the screen: wait until it shows this text and its entrance (a fade and grow, an
 * inline CSS transition, which may start after the page has settled) has ended, so axe reads its final
 * colours and not a mid-fade blend.
 */
async function toastAtRest(page: Page, text: string) {
  await expect(page.getByTestId('toast')).toContainText(text);
  await expect
    .poll(() =>
      page.getByTestId('toast').evaluate((el) => {
        // The fade may sit on a wrapper around the toast: the toast and every ancestor are fully opaque,
        // and no finite animation of the page is still running.
        const running = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
        for (let node: Element | null = el; node; node = node.parentElement) if (getComputedStyle(node).opacity !== '1') return false;
        return !running;
      }),
    )
    .toBe(true);
}
/** Saves a draft through the Create Project dialog, so the Drafts section of /my-projects shows. */
const draftSaved = {
  name: 'a saved draft',
  action: async (page: Page) => {
    await page.getByRole('main').getByRole('button', { name: 'Create Project', exact: true }).first().click();
    const d = page.getByRole('dialog', { name: 'Create Project' });
    await d.getByLabel('Title').fill('Half-built Idea');
    await d.getByRole('button', { name: 'Save draft' }).click();
    await expect(d).toBeHidden();
    await expect(page.getByTestId('draft').first()).toBeVisible();
    await toastAtRest(page, 'Draft saved');
  },
};
/** The browser goes offline on a visited page: the offline banner shows. */
const offline = {
  name: 'the offline banner',
  action: async (page: Page) => {
    await page.context().setOffline(true);
    await expect(page.getByTestId('offline-banner')).toContainText('You are offline');
  },
  after: async (page: Page) => page.context().setOffline(false),
};

const ROWS: Row[] = [
  // Signed out: every route a visitor can open.
  { path: '/', roles: ['visitor'], ready: heading(/Share Your Code/) },
  { path: '/signin', roles: ['visitor'] },
  { path: '/forgot-password', roles: ['visitor'], ready: heading('Reset your password') },
  { path: '/reset-password?token=not-a-real-token', roles: ['visitor'], ready: heading('Choose a new password') },
  { path: '/verify-email?token=not-a-real-token', roles: ['visitor'], ready: async (page) => expect(page.getByText('This link is not valid')).toBeVisible() },
  { path: '/settings', roles: SIGNED_IN, ready: heading('Settings') },
  { path: '/settings', roles: MEMBER, ready: heading('Settings'), open: dialog('Delete my account', 'Delete your account?') },
  { path: '/anything-else', roles: ['visitor'], ready: heading(/Share Your Code/) },
  { path: '/terms', roles: ['visitor', 'member'], ready: heading('Terms of Service') },
  { path: '/privacy', roles: ['visitor', 'member'], ready: heading('Privacy Policy') },
  { path: '/copyright', roles: ['visitor', 'member'], ready: heading(/Copyright/) },
  { path: '/admin', roles: ['visitor'], ready: heading('Authentication Required') },
  // Signed in: every route a member can open.
  { path: '/', roles: SIGNED_IN, ready: heading('Explore') },
  { path: '/blog', roles: ['member', 'admin'] },
  { path: (f) => `/blog/${f.blogSlug}`, roles: ['member', 'admin'] },
  { path: '/profile', roles: SIGNED_IN, ready: heading('My Projects', 2) },
  { path: '/profile', roles: MEMBER, ready: heading('My Projects', 2), open: dialog('Edit Profile', 'Edit Profile') },
  { path: (f) => `/profile/${f.authorHandle}`, roles: ['member', 'admin'], ready: heading('Alan Turing') },
  { path: '/projects', roles: ['member'], ready: heading('My Projects') },
  { path: '/my-projects', roles: MEMBER, ready: heading('My Projects') },
  { path: '/my-projects', roles: MEMBER, ready: heading('My Projects'), open: dialog('Create Project', 'Create Project') },
  { path: '/my-projects', roles: MEMBER, ready: heading('My Projects'), open: dialog(/^Edit /, 'Edit Project') },
  { path: (f) => `/project/${f.projectId}`, roles: ['member', 'premium'], ready: projectPage },
  { path: (f) => `/project/${f.projectId}`, roles: MEMBER, ready: projectPage, open: dialogVia('Report this project', 'Report Project') },
  { path: (f) => `/project/${f.projectId}`, roles: MEMBER, ready: projectPage, open: dialogVia('Report the comment by Alan Turing', 'Report Comment') },
  { path: (f) => `/profile/${f.authorHandle}`, roles: MEMBER, ready: heading('Alan Turing'), open: dialogVia('Report Alan Turing', 'Report User') },
  { path: '/my-projects', roles: MEMBER, ready: heading('My Projects'), open: draftSaved, transient: true },
  { path: '/my-projects', roles: MEMBER, ready: heading('My Projects'), open: offline },
  { path: (f) => `/project-preview/${f.ownProjectId}`, roles: MEMBER, ready: async (page) => expect(page.getByText(/is hosted elsewhere/)).toBeVisible() },
  { path: '/saved', roles: MEMBER, ready: heading('Saved Projects') },
  { path: '/notifications', roles: MEMBER, ready: heading('Recent Activity', 2) },
  { path: '/search?q=orbit', roles: MEMBER },
  { path: '/search', roles: ['member'] },
  // Premium screens.
  // A visitor is told by the page and by a toast; both are measured at rest.
  {
    path: '/subscribe',
    roles: ['visitor'],
    ready: async (page: Page) => {
      await heading('Authentication Required')(page);
      await toastAtRest(page, 'Please log in to access premium features');
    },
    transient: true,
  },
  { path: '/subscribe', roles: ['member'], ready: heading('Free', 2) },
  { path: '/subscribe', roles: ['premium'], ready: heading("You're Premium!", 2) },
  { path: '/subscribe/success', roles: ['member', 'premium'] },
  { path: '/analytics', roles: ['member'], ready: async (page) => expect(page.getByTestId('analytics-preview')).toBeVisible() },
  // A premium member sees the real analytics and carries the Premium chip (whose contrast was a defect).
  { path: '/analytics', roles: ['premium'], ready: async (page) => expect(page.getByTestId('analytics-totals')).toBeVisible() },
  { path: '/profile', roles: ['premium'], ready: async (page) => expect(page.getByTestId('premium-badge').first()).toBeVisible() },
  // Admin screens.
  { path: '/admin', roles: MEMBER, ready: heading('Access Denied') },
  { path: '/admin', roles: ['admin'], ready: adminReady },
  { path: '/admin', roles: ['admin'], ready: adminReady, open: dialogVia('Suspend Alan Turing', 'Suspend User') },
  { path: '/admin', roles: ['admin'], ready: adminReady, open: { name: 'the Reports tab', action: adminTab('Reports') } },
  { path: '/admin', roles: ['admin'], ready: adminReady, open: dialogVia('Review', 'Review Report', adminTab('Reports')) },
  { path: '/admin', roles: ['admin'], ready: adminReady, open: { name: 'the Blog tab', action: adminTab('Blog') } },
  { path: '/admin', roles: ['admin'], ready: adminReady, open: dialogVia('New Post', 'Create New Blog Post', adminTab('Blog')) },
  { path: '/admin', roles: ['admin'], ready: adminReady, open: dialogVia((f) => `Edit ${f.blogTitle}`, 'Edit Blog Post', adminTab('Blog')) },
  { path: (f) => `/profile/admin-view/${f.authorId}`, roles: ['member', 'admin'] },
  { path: '/no-such-page', roles: MEMBER, ready: heading('Page Not Found') },
];

const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

/** Registers the member (once: a second row finds them registered); answers whether this call did. */
async function register(request: APIRequestContext, m: Member): Promise<boolean> {
  const res = await request.post('/api/auth/register', { data: m });
  if (res.status() !== 409) expect(res.status(), await res.text()).toBe(201);
  return res.status() === 201;
}

const createProject = (request: APIRequestContext, baseURL: string, values: Record<string, unknown>) =>
  createProjectViaApi(request, baseURL, { description: 'A project made for the accessibility sweep.', category: 'Data Science', projectUrl: 'https://example.com/live', ...values });

/** The server with payments (a local fake Stripe) that the premium member's rows run against. */
let payments: { fake: FakeStripe; server: SpawnedServer; dataDir: string } | undefined;

/** A member pays through the subscription flow, as the Payment Element would, and becomes premium. */
async function subscribe(request: APIRequestContext) {
  const created = await request.post('/api/create-subscription');
  expect(created.status(), await created.text()).toBe(200);
  const { clientSecret } = (await created.json()) as { clientSecret: string };
  const pi = payments!.fake.paymentIntentByClientSecret(clientSecret)!;
  payments!.fake.succeedPayment(pi.id);
  const activated = await request.post('/api/activate-premium', { data: { paymentIntentId: pi.id } });
  expect(activated.status(), await activated.text()).toBe(200);
  const status = (await (await request.get('/api/subscription/status')).json()) as { isPremium: boolean };
  expect(status.isPremium).toBe(true);
}

/** Signs a fresh context in as the role; admins are promoted by ADMIN_EMAILS once their address is verified. */
async function signIn(context: BrowserContext, role: Role, baseURL: string): Promise<void> {
  if (role === 'visitor') return;
  const adminEmail = baseURL === payments?.server.url ? PAYMENTS_ADMIN_EMAIL : E2E_ADMIN_EMAIL;
  const m = role === 'admin' ? { ...newMember('Grace', 'Hopper'), email: adminEmail } : newMember('Ada', 'Lovelace');
  if ((await register(context.request, m)) && role === 'admin') await verifyViaMail(context.request, m.email);
  const login = await context.request.post('/api/auth/login', { data: { email: m.email, password: m.password } });
  expect(login.status(), await login.text()).toBe(200);
  if (role === 'premium') await subscribe(context.request);
}

/** The API requests a sweep's page has in flight, and when one last started or ended (watchRequests). */
const traffic = new WeakMap<Page, { inFlight: Set<unknown>; lastChange: number }>();
/** How long the page's requests must have been quiet before it counts as loaded. */
const QUIET_MS = 300;

/** Follows the page's requests (not the realtime socket's, which stay open) for settle. */
function watchRequests(page: Page) {
  const state = { inFlight: new Set<unknown>(), lastChange: Date.now() };
  traffic.set(page, state);
  const counted = (url: string) => !url.includes('/socket.io/');
  page.on('request', (r) => {
    if (!counted(r.url())) return;
    state.inFlight.add(r);
    state.lastChange = Date.now();
  });
  const done = (r: unknown) => {
    if (!state.inFlight.delete(r)) return;
    state.lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Waits until the page's requests have been quiet for a moment (data that enables a button after the
 * heading shows starts a colour transition axe would catch half-way) and CSS transitions (a dialog
 * fading in) have finished, so colours are measured at rest.
 */
async function settle(page: Page) {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  const requests = traffic.get(page);
  if (requests) await expect.poll(() => requests.inFlight.size === 0 && Date.now() - requests.lastChange >= QUIET_MS, { timeout: 10_000, intervals: [50] }).toBe(true);
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'), null, { timeout: 5_000 });
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** What one server holds for the sweep: its fixtures, the author's session and each role's session. */
type World = { fixtures: Fixtures; authorState: StorageState; sessions: Map<Role, StorageState> };
const worlds = new Map<string, World>();

async function sessionFor(browser: Browser, baseURL: string, role: Role) {
  const { fixtures, authorState, sessions } = await worldFor(browser, baseURL);
  let state = sessions.get(role);
  if (!state) {
    const context = await browser.newContext({ baseURL });
    await signIn(context, role, baseURL);
    if (role !== 'visitor') {
      // Something of their own to edit, and a notification to list.
      const own = await createProject(context.request, baseURL, { title: 'Orbit Tracker' });
      fixtures.ownProjectId = own.id;
      const me = (await (await context.request.get('/api/auth/user')).json()) as { handle: string };
      const author = await browser.newContext({ baseURL, storageState: authorState });
      expect((await author.request.post(`/api/users/${me.handle}/follow`)).ok()).toBe(true);
      await author.close();
    }
    state = await context.storageState();
    sessions.set(role, state);
    await context.close();
  }
  return state;
}

/** Sets up (once per server) the author, their project with a comment, a blog post and a pending report. */
async function worldFor(browser: Browser, baseURL: string): Promise<World> {
  const known = worlds.get(baseURL);
  if (known) return known;
  const context = await browser.newContext({ baseURL });
  const author = newMember('Alan', 'Turing');
  await register(context.request, author);
  // A thumbnail that does not load: the sweep sees the designed fallback, not a broken image.
  const project = await createProject(context.request, baseURL, { title: 'Snake in WebGL', thumbnail: `${baseURL}/missing/thumb.png` });
  expect((await context.request.post(`/api/projects/${project.id}/comments`, { data: { content: 'Nice work on this!' } })).ok()).toBe(true);
  const me = (await (await context.request.get('/api/auth/user')).json()) as { id: string; handle: string };
  const authorState = await context.storageState();
  await context.close();

  // A published blog post and a pending report, for the blog screens and the admin portal's dialogs.
  const admin = await browser.newContext({ baseURL });
  await signIn(admin, 'admin', baseURL);
  const blogSlug = `a11y-notes-${Date.now().toString(36)}`;
  const blogTitle = 'Accessibility notes';
  const post = await admin.request.post('/api/admin/blog', { data: { title: blogTitle, slug: blogSlug, excerpt: 'What the sweep checks.', content: 'Every screen, every role.' } });
  expect(post.status(), await post.text()).toBe(201);
  const report = await admin.request.post('/api/reports', { data: { reportType: 'project', targetId: project.id, reason: 'Spam', description: 'For the sweep' } });
  expect(report.status(), await report.text()).toBe(201);
  await admin.close();
  const fixtures = { projectId: project.id, ownProjectId: project.id, authorHandle: me.handle, authorId: me.id, blogSlug, blogTitle };
  const world = { fixtures, authorState, sessions: new Map<Role, StorageState>() };
  worlds.set(baseURL, world);
  return world;
}

test.beforeAll(async ({ browser, baseURL }) => {
  await worldFor(browser, baseURL!);
});

test.afterAll(async () => {
  if (!payments) return;
  payments.server.child.kill('SIGTERM');
  await payments.server.exited;
  await payments.fake.close();
  rmSync(payments.dataDir, { recursive: true, force: true });
  payments = undefined;
});

const PAYMENTS_ADMIN_EMAIL = 'e2e-admin-payments@example.com';
const PAYMENTS_PORT = Number(process.env.E2E_PORT ?? 5391) + 10;

/** The suite's own server has no payment keys: premium members live on a second one with a fake Stripe. */
async function paymentsServer(): Promise<string> {
  if (!payments) {
    const fake = await startFakeStripe();
    const dataDir = mkdtempSync(join(tmpdir(), 'bb-e2e-a11y-premium-'));
    const server = await spawnServer(
      {
        ...fake.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOGIN_RATE_LIMIT: '1000',
        ADMIN_EMAILS: PAYMENTS_ADMIN_EMAIL,
        // Its mail goes to the suite's mailbox too (the admin verifies their address); mail needs PUBLIC_URL.
        PORT: String(PAYMENTS_PORT),
        PUBLIC_URL: `http://127.0.0.1:${PAYMENTS_PORT}`,
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 5393}`,
        WEB_DIST_DIR: resolve(process.env.E2E_WEB_DIST ?? 'dist/web'),
      },
      120_000,
    );
    payments = { fake, server, dataDir };
  }
  return payments.server.url;
}

/** Shows the loaded page in the other colour scheme, as when the system setting changes, once at rest. */
async function switchScheme(page: Page, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${scheme}(\\s|$)`));
  await settle(page);
}

/** Loads the row's page in this scheme and waits for its screen (and dialog) at rest. */
async function showRow(page: Page, row: Row, path: string, scheme: Scheme, fixtures: Fixtures) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(path);
  await (row.ready ?? anyH1)(page);
  if (row.open) await row.open.action(page, fixtures);
  await settle(page);
}

// Each row is loaded once in light mode and checked, then shown in dark mode on the same page (as when the
// system setting changes) and checked again; a row whose screen changes by itself (a toast that hides
// after 5 s) is loaded again in dark mode. One test per role; a local run can narrow the sweep with
// --grep, e.g. -g "as member", and A11Y_ROWS, a pattern of the rows' labels.
for (const role of ['visitor', 'member', 'admin', 'premium'] as const) {
  test(`axe: every screen as ${role}, light and dark mode`, async ({ browser, baseURL: suiteURL }) => {
    test.setTimeout(420_000);
    const baseURL = role === 'premium' ? await paymentsServer() : suiteURL!;
    const storageState = await sessionFor(browser, baseURL, role);
    const { fixtures } = worlds.get(baseURL)!;
    const context = await browser.newContext({ baseURL, storageState });
    if (payments && role === 'premium') await routeStripe(context, payments.fake);
    const page = await context.newPage();
    watchRequests(page);
    page.setDefaultTimeout(10_000);
    const found: string[] = [];
    for (const row of ROWS.filter((r) => r.roles.includes(role))) {
      const path = typeof row.path === 'function' ? row.path(fixtures) : row.path;
      const label = `${path}${row.open ? ` with ${row.open.name} open` : ''}`;
      if (process.env.A11Y_ROWS && !new RegExp(process.env.A11Y_ROWS).test(label)) continue;
      for (const scheme of SCHEMES) {
        const ready = await test.step(`${label}, ${scheme} mode`, async () => {
          try {
            if (scheme === 'light' || row.transient) await showRow(page, row, path, scheme, fixtures);
            else await switchScheme(page, scheme);
          } catch (err) {
            found.push(`${label}, ${scheme} mode: did not get ready: ${String(err).split('\n')[0]}`);
            return false;
          }
          // Dark mode changes colours only: there the colour rules suffice, which halves the sweep's time.
          const axe = new AxeBuilder({ page });
          if (scheme === 'dark') axe.withRules(['color-contrast', 'link-in-text-block']);
          const results = await axe.analyze();
          for (const v of results.violations) {
            if (v.impact !== 'serious' && v.impact !== 'critical') continue;
            found.push(`${label}, ${scheme} mode: [${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 100)} ${n.any[0]?.message ?? ''}`).join('\n    ')}`);
          }
          return true;
        });
        if (row.transient) await row.open?.after?.(page);
        if (!ready) break;
      }
      if (!row.transient) await row.open?.after?.(page);
    }
    await context.close();
    expect(found, found.join('\n')).toEqual([]);
  });
}

test('an image that fails to load shows the designed fallback at the same size, never a broken image', async ({ page, baseURL }) => {
  await signUpViaApi(page, newMember('Ada', 'Lovelace'));
  await page.goto(`/project/${worlds.get(baseURL!)!.fixtures.projectId}`);
  const main = page.getByRole('main');
  const tile = main.getByRole('img', { name: 'Snake in WebGL thumbnail' });
  await expect(tile).toHaveText('S');
  await expect(tile).toHaveCSS('background-color', 'rgb(4, 120, 87)'); // the colour of its category, Data Science
  const box = await tile.boundingBox();
  expect(Math.round((box!.width / box!.height) * 9)).toBe(16);
  // No <img> on the page is broken (a failed image would be complete with no natural size).
  const broken = await page.evaluate(() => Array.from(document.images).filter((i) => i.complete && i.naturalWidth === 0).length);
  expect(broken).toBe(0);
});

test('with reduced motion the dialogs appear without a transition; Notifications uses the full content width', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signUpViaApi(page);
  await page.goto('/my-projects');
  await page.getByRole('main').getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Project' })).toBeVisible();
  const duration = await page.locator('.MuiDialog-container').evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
  expect(duration).toBeLessThan(0.01);
  await page.keyboard.press('Escape');

  await page.goto('/notifications');
  const section = page.getByRole('region', { name: 'Recent Activity' });
  await expect(section).toBeVisible();
  const [sectionWidth, mainWidth] = await Promise.all([
    section.evaluate((el) => el.getBoundingClientRect().width),
    page.getByRole('main').evaluate((el) => el.clientWidth - parseFloat(getComputedStyle(el).paddingLeft) - parseFloat(getComputedStyle(el).paddingRight)),
  ]);
  expect(Math.abs(sectionWidth - mainWidth)).toBeLessThan(2);
});
