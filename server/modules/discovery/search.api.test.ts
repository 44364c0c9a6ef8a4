import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_QUERY_MAX } from '@shared/constants';
import {
  SEARCH_OFFSET_MESSAGE,
  SEARCH_ONLY_MESSAGE,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_TOO_LONG_MESSAGE,
  SEARCH_RESULTS_MAX,
  ZSearchResultsSchema,
} from '@shared/schemas/discovery';
import { startTestServer, type TestServer } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import { discoveryKit, idsOf } from '../../test/discovery-kit';
import { searchEveryPage } from '../../test/search-pages';

let t: TestServer;
let kit: ReturnType<typeof discoveryKit>;
let me: TestClient;
const ids: Record<string, number> = {};
let hooksCommentAt = '';
let ada: { user: { id: string } };
let commenter: { user: { id: string } };

beforeAll(async () => {
  t = await startTestServer();
  kit = discoveryKit(t.database.db);
  me = (await t.signUp()).client;
  ada = await t.signUp({ firstName: 'Ada', lastName: 'Lovelace' });
  const bob = await t.signUp({ firstName: 'Bob', lastName: 'Builder' });
  commenter = await t.signUp({ firstName: 'Cy', lastName: 'Commenter' });
  const p = async (key: string, authorId: string, title: string, description: string, category = 'Web Development') => {
    ids[key] = (await kit.project(authorId, { title, description, category })).id;
  };
  await p('reactDash', bob.user.id, 'React Dashboard', 'Charts and tables for admins');
  await p('reactNative', bob.user.id, 'Weather app in React Native', 'Forecasts on the phone', 'Mobile Development');
  await p('vue', bob.user.id, 'Vue Kanban Board', 'Drag and drop tasks');
  await p('engine', ada.user.id, 'Analytical Engine Emulator', 'Runs the first program ever written');
  await p('pandas', bob.user.id, 'Budget tracker', 'Uses pandas dataframes to categorise spending', 'Finance');
  await kit.refresh();
  const hooks = await kit.comment(commenter.user.id, ids.vue!, 'I love react hooks, port this to react please');
  ids.hooksComment = hooks.id;
  hooksCommentAt = hooks.createdAt.toISOString();
  ids.otherComment = (await kit.comment(commenter.user.id, ids.vue!, 'Nice drag and drop')).id;
}, 60_000);
afterAll(() => t.close(), 60_000);

/** Every page of the answer, both sections. */
const search = (q: string, client: TestClient = me) => searchEveryPage(client, q);

describe('GET /api/search', () => {
  it("when the query has a typo ('raect'), then the React projects and the comment about react are found", async () => {
    const r = await search('raect');
    expect(idsOf(r.projects)).toEqual(expect.arrayContaining([ids.reactDash, ids.reactNative]));
    expect(idsOf(r.projects)).not.toContain(ids.vue);
    expect(idsOf(r.projects)).not.toContain(ids.engine);
    const hit = r.comments.find((c) => c.id === ids.hooksComment);
    expect(hit).toMatchObject({
      content: 'I love react hooks, port this to react please',
      userName: 'Cy Commenter',
      userAvatar: null,
      projectId: ids.vue,
      createdAt: hooksCommentAt,
    });
    expect(Object.keys(hit!).sort()).toEqual(['content', 'createdAt', 'id', 'projectId', 'userAvatar', 'userName']);
    expect(r.comments.map((c) => c.id)).not.toContain(ids.otherComment);
  });

  it("when a misspelt word's farther correction names more trending titles ('typescirpt' -> 'types'), then the titles of its likeliest spelling come first", async () => {
    const author = await t.signUp();
    const typed = await kit.project(author.user.id, { title: 'Types and values checker', description: 'Checks shapes' });
    const meant = await kit.project(author.user.id, { title: 'TypeScript starter', description: 'A template' });
    await kit.setCounts([typed.id], { reactionCount: 500 });
    await kit.refresh();
    const found = idsOf((await search('typescirpt')).projects);
    expect(found).toEqual(expect.arrayContaining([meant.id, typed.id]));
    expect(found.indexOf(meant.id)).toBeLessThan(found.indexOf(typed.id));
  });

  it('when a word is misspelt (a letter missing or wrong), then it is corrected to the words projects use', async () => {
    expect(idsOf((await search('dashbord')).projects)).toEqual([ids.reactDash]);
    expect(idsOf((await search('forcasts')).projects)).toEqual([ids.reactNative]);
    expect(idsOf((await search('kanben bord')).projects)).toEqual([ids.vue]);
  });

  it('when the query is a prefix of a word, then projects with that word are found (title, description, category)', async () => {
    expect(idsOf((await search('dashb')).projects)).toEqual([ids.reactDash]);
    expect(idsOf((await search('datafr')).projects)).toEqual([ids.pandas]);
    expect(idsOf((await search('Mobile Dev')).projects)).toEqual([ids.reactNative]);
    expect((await search('hoo')).comments.map((c) => c.id)).toEqual([ids.hooksComment]);
  });

  it("when the query is the author's name, or a misspelling of it, then their projects are found", async () => {
    expect(idsOf((await search('Ada Lovelace')).projects)).toEqual([ids.engine]);
    expect(idsOf((await search('lovelase')).projects)).toEqual([ids.engine]);
  });

  it("when the words alone fill a page, then the projects of an author whose name is the query still come first", async () => {
    const keeper = await t.signUp({ firstName: 'Orbit', lastName: 'Keeper' });
    const own = (await kit.project(keeper.user.id, { title: 'Quiet tool', description: 'Keeps notes', category: 'Tools' })).id;
    const others = await t.signUp({ firstName: 'Dee', lastName: 'Writer' });
    for (let i = 0; i < 55; i++) await kit.project(others.user.id, { title: `Tool ${i}`, description: 'Plots an orbit around a planet', category: 'Tools' });
    await kit.refresh();
    const found = idsOf((await search('orbit')).projects);
    expect(found).toHaveLength(50);
    expect(found[0]).toBe(own);
  });

  it(`when a search finds more than a page, then it shows ${SEARCH_PAGE_SIZE} of each section with their counts, and each later page of one section follows in order`, async () => {
    const writer = await t.signUp({ firstName: 'Pip', lastName: 'Pager' });
    for (let i = 0; i < SEARCH_RESULTS_MAX + 5; i++) await kit.project(writer.user.id, { title: `Narwhal atlas ${i}`, description: 'Maps' });
    for (let i = 0; i < SEARCH_PAGE_SIZE + 5; i++) await kit.comment(commenter.user.id, ids.vue!, `Narwhal sighting ${i}`);
    await kit.refresh();
    const get = async (query: string) => {
      const res = await me.get(`/api/search?q=narwhal${query}`);
      expect(res.status, res.text).toBe(200);
      return ZSearchResultsSchema.parse(res.body);
    };
    const first = await get('');
    expect(first).toMatchObject({ projectCount: SEARCH_RESULTS_MAX, commentCount: SEARCH_PAGE_SIZE + 5 });
    expect(first.projects).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.comments).toHaveLength(SEARCH_PAGE_SIZE);

    const second = await get(`&only=projects&offset=${SEARCH_PAGE_SIZE}`);
    expect(second).toMatchObject({ projectCount: SEARCH_RESULTS_MAX, commentCount: SEARCH_PAGE_SIZE + 5, comments: [] });
    const last = await get(`&only=projects&offset=${2 * SEARCH_PAGE_SIZE}`);
    expect(last.projects).toHaveLength(SEARCH_RESULTS_MAX - 2 * SEARCH_PAGE_SIZE);
    const moreComments = await get(`&only=comments&offset=${SEARCH_PAGE_SIZE}`);
    expect(moreComments.projects).toEqual([]);
    expect(moreComments.comments).toHaveLength(5);
    // The pages are one ranking cut in pieces: the same order as every page's items read at once.
    const all = await search('narwhal');
    expect(idsOf(all.projects)).toEqual(idsOf([...first.projects, ...second.projects, ...last.projects]));
    expect(all.comments.map((c) => c.id)).toEqual([...first.comments, ...moreComments.comments].map((c) => c.id));
    expect(await get(`&offset=${SEARCH_RESULTS_MAX}`)).toEqual({ projects: [], comments: [], projectCount: SEARCH_RESULTS_MAX, commentCount: SEARCH_PAGE_SIZE + 5 });
  });

  it("when 'Show more' asks for the next page, then it is cut from the ranking the first page came from, though a project written since would rank first", async () => {
    const writer = await t.signUp();
    for (let i = 0; i < SEARCH_PAGE_SIZE + 10; i++) await kit.project(writer.user.id, { title: `Okapi survey ${i}`, description: 'Field notes' });
    await kit.refresh();
    const page = async (query: string) => ZSearchResultsSchema.parse((await me.get(`/api/search?q=okapi${query}`)).body);
    const first = await page('');
    // Written straight to the database (nothing the caches hear of), liked enough to rank first now.
    const late = await kit.project(writer.user.id, { title: 'Okapi survey late', description: 'Field notes' });
    await kit.setCounts([late.id], { reactionCount: 1_000 });
    await kit.refresh();
    const second = await page(`&only=projects&offset=${SEARCH_PAGE_SIZE}`);
    expect(second.projectCount).toBe(SEARCH_PAGE_SIZE + 10);
    const shown = idsOf([...first.projects, ...second.projects]);
    expect(new Set(shown).size).toBe(SEARCH_PAGE_SIZE + 10);
    expect(shown).not.toContain(late.id);

    // Once a write drops the shared answers, a new search ranks it first.
    t.deps.cache.invalidate({ all: true });
    const again = await page('');
    expect(again.projectCount).toBe(SEARCH_PAGE_SIZE + 11);
    expect(again.projects[0]!.id).toBe(late.id);
  });

  it('when the page is asked for with a bad offset or section, then 400 with a message', async () => {
    for (const offset of ['-1', 'abc', '2.5', String(SEARCH_RESULTS_MAX + 1), '']) {
      const res = await me.get(`/api/search?q=react&offset=${offset}`);
      expect(res.status, offset).toBe(400);
      expect(res.body).toEqual({ message: SEARCH_OFFSET_MESSAGE });
    }
    expect(SEARCH_OFFSET_MESSAGE).toBe('offset must be a whole number from 0 to 50');
    const section = await me.get('/api/search?q=react&only=users');
    expect(section.status).toBe(400);
    expect(section.body).toEqual({ message: SEARCH_ONLY_MESSAGE });
    expect(SEARCH_ONLY_MESSAGE).toBe('only must be one of projects, comments');
  });

  it('when the query is blank, missing or whitespace, then both lists are empty', async () => {
    for (const path of ['/api/search?q=', '/api/search', '/api/search?q=%20%20%20']) {
      const res = await me.get(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ projects: [], comments: [], projectCount: 0, commentCount: 0 });
    }
  });

  it('when the query is longer than 200 characters, then 400 with a message; 200 characters are fine', async () => {
    const long = await me.get(`/api/search?q=${'a'.repeat(SEARCH_QUERY_MAX + 1)}`);
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: SEARCH_QUERY_TOO_LONG_MESSAGE });
    expect(SEARCH_QUERY_TOO_LONG_MESSAGE).toBe('Search query must be 200 characters or less');
    expect((await me.get(`/api/search?q=${'a'.repeat(SEARCH_QUERY_MAX)}`)).status).toBe(200);
  });

  it('when the query is only punctuation or SQL-looking text, then it is answered safely', async () => {
    expect(await search("'; DROP TABLE projects; --")).toEqual({ projects: [], comments: [] });
    expect(await search('!!! & | :*')).toEqual({ projects: [], comments: [] });
  });

  it('when a visitor searches, then 401 Unauthorized', async () => {
    const res = await t.client().get('/api/search?q=react');
    expect(res.status).toBe(401);
  });

  it('when two projects are equally relevant, then the premium author\'s comes first', async () => {
    const free = await t.signUp();
    const premium = await t.signUp();
    await kit.premium(premium.user.id);
    // The premium project is older and has the lower id: only the premium rule can put it first.
    const p = await kit.project(premium.user.id, { title: 'Raytracer in Rust', description: 'Spheres and shadows', createdAt: new Date(Date.now() - 86_400_000) });
    const f = await kit.project(free.user.id, { title: 'Raytracer in Rust', description: 'Spheres and shadows', reactionCount: 50 });
    await kit.refresh();
    expect(idsOf((await search('raytracer')).projects)).toEqual([p.id, f.id]);

    // Premium does not beat a clearly better match: an exact title beats a description-only mention.
    const q = 'zephyr';
    const titled = await kit.project(free.user.id, { title: 'Zephyr', description: 'A wind simulator' });
    const mentioned = await kit.project(premium.user.id, { title: 'Weather toys', description: 'Includes a small zephyr demo and many other widgets for kids' });
    await kit.refresh();
    expect(idsOf((await search(q)).projects)).toEqual([titled.id, mentioned.id]);
  });

  it("when an author or commenter is suspended, then their projects, their comments and comments on their projects are not found", async () => {
    const banned = await t.signUp({ firstName: 'Mallory', lastName: 'Banned' });
    const hidden = await kit.project(banned.user.id, { title: 'Quokka Quest', description: 'A quokka game' });
    const onHidden = await kit.comment(commenter.user.id, hidden.id, 'quokka forever');
    const byBanned = await kit.comment(banned.user.id, ids.vue!, 'quokka spam here');
    await kit.refresh();
    const before = await search('quokka');
    expect(idsOf(before.projects)).toEqual([hidden.id]);
    expect(before.comments.map((c) => c.id).sort()).toEqual([onHidden.id, byBanned.id].sort());
    expect(idsOf((await search('Mallory')).projects)).toEqual([hidden.id]);

    await kit.suspend(banned.user.id);
    // What every successful API write does (the admin route's suspension too): the public cache drops.
    t.deps.cache.invalidate({ all: true });
    expect(await search('quokka')).toEqual({ projects: [], comments: [] });
    expect((await search('Mallory')).projects).toEqual([]);
  });

  it('when the same query is searched again, then the shared answer is served to every member until a write changes what it shows', async () => {
    const author = await t.signUp();
    const other = await t.signUp();
    const first = await kit.project(author.user.id, { title: 'Xylophone Tuner', description: 'Tunes bars' });
    await kit.refresh();
    const before = idsOf((await search('xylophone')).projects);
    expect(before).toContain(first.id);

    // Written straight to the database (no event): the answer stays shared, whatever the case and spacing.
    const second = await kit.project(author.user.id, { title: 'Xylophone Band', description: 'Plays bars' });
    await kit.refresh();
    expect(idsOf((await search('  XYLOPHONE ', other.client)).projects)).toEqual(before);

    // A like on a project it does not show keeps it; a like on one it shows drops it before its answer leaves.
    const elsewhere = await kit.project(author.user.id, { title: 'Unrelated' });
    expect((await other.client.post(`/api/projects/${elsewhere.id}/react`, { type: 'like' })).status).toBe(200);
    expect(idsOf((await search('xylophone', other.client)).projects)).toEqual(before);
    expect((await other.client.post(`/api/projects/${first.id}/react`, { type: 'like' })).status).toBe(200);
    const liked = (await search('xylophone', other.client)).projects;
    expect(idsOf(liked)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(liked.find((p) => p.id === first.id)?.reactionCount).toBe(1);

    // Any other write through the API (here a share of a project it does not show) empties it.
    const third = await kit.project(author.user.id, { title: 'Xylophone Choir', description: 'Sings bars' });
    await kit.refresh();
    expect((await other.client.post(`/api/projects/${elsewhere.id}/share`)).status).toBe(200);
    expect(idsOf((await search('xylophone', other.client)).projects)).toEqual(expect.arrayContaining([first.id, second.id, third.id]));
  });

  it('when a word finds a page of projects but authors named like it rank above some, then no typo spellings are added', async () => {
    const quasar = await t.signUp({ firstName: 'Quasar', lastName: 'Quill' });
    for (let i = 0; i < 10; i++) await kit.project(quasar.user.id, { title: `Orbit tool ${i}`, description: 'Plots' });
    const bob = await t.signUp();
    for (let i = 0; i < SEARCH_RESULTS_MAX; i++) await kit.project(bob.user.id, { title: `Telescope log ${i}`, description: 'Notes on a quasar' });
    // 'qausar' is 'quasar' with two letters swapped: the typo round would rank its title above the notes.
    const swapped = await kit.project(bob.user.id, { title: 'Qausar station', description: 'Radio' });
    await kit.refresh();
    const found = (await search('quasar')).projects;
    expect(found).toHaveLength(SEARCH_RESULTS_MAX);
    expect(found.filter((p) => p.authorId === quasar.user.id).length).toBeGreaterThan(0);
    expect(idsOf(found)).not.toContain(swapped.id);
  });
});
