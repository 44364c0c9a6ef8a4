import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSearchResultsSchema } from '@shared/schemas/discovery';
import { startTestServer, type TestServer } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import { discoveryKit, idsOf } from '../../test/discovery-kit';
import { rowsOf } from '../../db/rows';
import { SEARCH_POSTINGS_CANDIDATES } from './discovery.repository';

// Search reads a word's most trending projects from per-word postings kept by triggers on projects.
// These tests hold that the postings follow every write members make, and that search finds what a
// list too short to hold every match would miss.

let t: TestServer;
let kit: ReturnType<typeof discoveryKit>;
let author: { client: TestClient; user: { id: string } };
let fans: TestClient[];

beforeAll(async () => {
  t = await startTestServer();
  kit = discoveryKit(t.database.db, t.deps.cache);
  author = await t.signUp({ firstName: 'Pat', lastName: 'Author' });
  fans = await Promise.all([1, 2, 3, 4].map(async () => (await t.signUp()).client));
}, 60_000);
afterAll(() => t.close(), 60_000);

/** Entries missing from the postings or left in them, against every project's words and trending step and every comment's words now. */
async function postingsDrift(): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    t.database.db,
    sql`
    WITH expected AS (
      SELECT l AS lexeme, project_search_step(p.trending_score) AS step, p.id AS project_id
      FROM projects p, unnest(tsvector_to_array(p.search_document)) l
    ), kept AS (SELECT lexeme, step, project_id FROM project_search_postings),
    expected_comments AS (SELECT l AS lexeme, c.id AS comment_id FROM comments c, unnest(tsvector_to_array(c.search_document)) l),
    kept_comments AS (SELECT lexeme, comment_id FROM comment_search_postings)
    SELECT ((SELECT count(*) FROM (SELECT * FROM expected EXCEPT ALL SELECT * FROM kept) missing)
      + (SELECT count(*) FROM (SELECT * FROM kept EXCEPT ALL SELECT * FROM expected) stale)
      + (SELECT count(*) FROM (SELECT * FROM expected_comments EXCEPT ALL SELECT * FROM kept_comments) missing)
      + (SELECT count(*) FROM (SELECT * FROM kept_comments EXCEPT ALL SELECT * FROM expected_comments) stale))::int AS n`,
  );
  return row!.n;
}

async function searchIds(q: string): Promise<number[]> {
  const res = await fans[0]!.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.status, res.text).toBe(200);
  return idsOf(ZSearchResultsSchema.parse(res.body).projects);
}

const edit = {
  description: 'Charts of sensor readings',
  thumbnail: 'https://example.com/t.png',
  category: 'Web Development',
  projectUrl: 'https://example.com/app',
  tutorialUrl: 'https://example.com/tutorial',
};

describe('search postings', () => {
  it('when projects are published, edited, liked, unliked, commented, rescored and deleted, then the postings hold every project’s words at its trending step and every comment’s words, and search follows', async () => {
    const project = await kit.project(author.user.id, { title: 'Quokka telemetry', description: 'Sensor readings' });
    const other = await kit.project(author.user.id, { title: 'Quokka garden', description: 'Plants' });
    expect(await postingsDrift()).toBe(0);
    expect(await searchIds('quokka')).toEqual(expect.arrayContaining([project.id, other.id]));

    const renamed = await author.client.put(`/api/projects/${project.id}`, { ...edit, title: 'Wombat telemetry' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await postingsDrift()).toBe(0);
    expect(await searchIds('wombat')).toEqual([project.id]);
    expect(await searchIds('quokka')).toEqual([other.id]);

    // Likes from a project's first points cross whole steps of its score.
    for (const fan of fans) expect((await fan.post(`/api/projects/${project.id}/react`, { type: 'like' })).status).toBe(200);
    expect((await fans[1]!.post(`/api/projects/${project.id}/comments`, { content: 'Lovely wombat charts' })).status).toBe(201);
    const said = await fans[0]!.get(`/api/search?q=${encodeURIComponent('wombat charts')}`);
    expect(said.body.comments.map((c: { content: string }) => c.content)).toEqual(['Lovely wombat charts']);
    expect((await fans[2]!.delete(`/api/projects/${project.id}/react`)).status).toBe(200);
    expect(await postingsDrift()).toBe(0);

    await kit.setCounts([other.id], { viewCount: 500 });
    await kit.refresh();
    expect(await postingsDrift()).toBe(0);

    expect((await author.client.delete(`/api/projects/${project.id}`)).status).toBe(204);
    expect(await postingsDrift()).toBe(0);
    expect(await searchIds('wombat')).toEqual([]);
    const comments = await fans[0]!.get(`/api/search?q=${encodeURIComponent('wombat charts')}`);
    expect(comments.body.comments).toEqual([]);
  });

  it(`when a word matches more projects than its list holds (${SEARCH_POSTINGS_CANDIDATES.oneWord}), then search ranks the most trending, old ones included`, async () => {
    const many = SEARCH_POSTINGS_CANDIDATES.oneWord + 30;
    // Ten days is about three half-lives of the score: a thousand likes outweigh it.
    const old = new Date(Date.now() - 10 * 24 * 3600 * 1000);
    const ids: number[] = [];
    for (let i = 0; i < many; i++) ids.push((await kit.project(author.user.id, { title: `Gizmo board ${i}`, description: 'A board', createdAt: i < 3 ? old : new Date() })).id);
    // The three oldest would be last by age alone: liked enough, they trend above every new one.
    await kit.setCounts(ids.slice(0, 3), { reactionCount: 1_000 });
    await kit.refresh();
    expect(await postingsDrift()).toBe(0);
    const found = await searchIds('gizmo');
    expect(new Set(found.slice(0, 3))).toEqual(new Set(ids.slice(0, 3)));
  });

  /**
   * More projects for each of two titles than several words list, then one old, unliked project titled
   * with both: in neither word's most trending list.
   */
  async function rareMeeting(first: (i: number) => string, second: (i: number) => string, bothTitle: string): Promise<number> {
    for (let i = 0; i < SEARCH_POSTINGS_CANDIDATES.severalOrTypos + 20; i++) {
      await kit.project(author.user.id, { title: first(i), description: 'Accounts' });
      await kit.project(author.user.id, { title: second(i), description: 'Accounts' });
    }
    const both = await kit.project(author.user.id, { title: bothTitle, description: 'Field notes', createdAt: new Date(Date.now() - 400 * 24 * 3600 * 1000) });
    await kit.refresh();
    return both.id;
  }

  it('when two words each match more projects than a list holds but seldom together, then the projects with both are still found', async () => {
    const both = await rareMeeting((i) => `Marmot ledger ${i}`, (i) => `Pangolin ledger ${i}`, 'Marmot and pangolin notes');
    expect(await searchIds('marmot pangolin')).toEqual([both]);
    expect(await searchIds('pangol marm')).toEqual([both]);
  });
  it('when every match of a prefix has two of its words, so its list holds each project twice, then a rare meeting with another word is still found', async () => {
    // 'quil' lists both 'quill' and 'quillwork' for each of these: its first entries name half as many
    // projects as they number, and still more follow.
    const both = await rareMeeting((i) => `Quill quillwork ${i}`, (i) => `Otter den ${i}`, 'Quill and otter sketches');
    expect(await searchIds('quil otter')).toEqual([both]);
  });
  it(`when two words each appear in more comments than a list holds (${SEARCH_POSTINGS_CANDIDATES.comments}) but seldom together, then the comment with both is still found`, async () => {
    const project = await kit.project(author.user.id, { title: 'Guestbook', description: 'Say hello' });
    // The oldest: last in every word's list.
    await kit.comment(author.user.id, project.id, 'Saw a wallaby near the lighthouse');
    for (let i = 0; i < SEARCH_POSTINGS_CANDIDATES.comments + 20; i++) {
      await kit.comment(author.user.id, project.id, `Wallaby sighting ${i}`);
      await kit.comment(author.user.id, project.id, `Lighthouse visit ${i}`);
    }
    const res = await fans[0]!.get(`/api/search?q=${encodeURIComponent('wallaby lighthouse')}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.comments.map((c: { content: string }) => c.content)).toEqual(['Saw a wallaby near the lighthouse']);
  });
  it(`when each match of a word is listed under two of its lexemes, then its list still holds ${SEARCH_POSTINGS_CANDIDATES.oneWord} projects`, async () => {
    const fan = await t.signUp();
    // 'stoat' and 'stoatling' in every description: each project takes two of the word's entries.
    for (let i = 0; i < 60; i++) {
      const p = await kit.project(fan.user.id, { title: `Toolbox ${i}`, description: 'Stoat and stoatling sightings' });
      await kit.setCounts([p.id], { reactionCount: 50 });
    }
    // Less trending than those 60, more than the 40 below: the 61st of the word's projects.
    const titled = await kit.project(author.user.id, { title: 'Stoat tracker', description: 'Stoatling maps' });
    await kit.setCounts([titled.id], { reactionCount: 20 });
    for (let i = 0; i < 40; i++) await kit.project(fan.user.id, { title: `Satchel ${i}`, description: 'Stoat and stoatling notes', createdAt: new Date(Date.now() - 30 * 24 * 3600 * 1000) });
    await kit.refresh();
    expect((await searchIds('stoat'))[0]).toBe(titled.id);
  });
  it('when two words meet in many trending descriptions but in few titles, then those titles come first', async () => {
    const fan = await t.signUp();
    // More trending matches than one word's candidates hold, the words only in their descriptions.
    for (let i = 0; i < SEARCH_POSTINGS_CANDIDATES.oneWord + 20; i++) {
      const p = await kit.project(fan.user.id, { title: `Toolkit ${i}`, description: 'Parses the heron grammar of a config' });
      await kit.setCounts([p.id], { reactionCount: 50 });
    }
    const titled = [];
    for (let i = 0; i < 3; i++) titled.push((await kit.project(author.user.id, { title: `Heron grammar ${i}`, description: 'Notes' })).id);
    await kit.refresh();
    const found = await searchIds('heron grammar');
    expect(new Set(found.slice(0, 3))).toEqual(new Set(titled));
  });
});
