import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createLogger } from '../../../logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, projects, users } from '../../../db/schema';
import { discoveryKit } from '../../../test/discovery-kit';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { AUTHOR_LIKENESS_BESIDE_WORDS, searchCommentIds, searchProjectIds } from '../discovery.repository';
import { searchTermsOf, withoutTypos } from '../search-content';
import { LiveSearchIndex } from './live-search-index';
import { readChangeHorizon, readChangesSince, readStems } from './search-index.repository';

// Every instance keeps its own index; a write through any of them, or straight in the database, shows
// in the next search on all of them. Two indexes over one database stand for two instances: the first
// ranks on its own thread, the second in a worker thread (as servers do by default).
const quiet = createLogger('silent');

let t: TestDatabase;
let first: LiveSearchIndex;
let second: LiveSearchIndex;
let authorId: string;

// Eight random letters: hex with its digits made 'x' gave 'zqxxxxxxxx' for one word in 43, and two users' handles collided.
const word = () => `zq${Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;

async function newUser(displayName: string): Promise<string> {
  const [row] = await t.database.db
    .insert(users)
    .values({ email: `${word()}@example.com`, handle: word(), displayName })
    .returning({ id: users.id });
  return row!.id;
}

/** Both instances' answers, which must agree with each other and with PostgreSQL's. */
async function found(q: string): Promise<number[]> {
  const terms = withoutTypos(searchTermsOf(q));
  const [a, b, fromSql] = await Promise.all([
    first.find(terms, 50, AUTHOR_LIKENESS_BESIDE_WORDS).then((f) => f && f.projects),
    second.find(terms, 50, AUTHOR_LIKENESS_BESIDE_WORDS).then((f) => f && f.projects),
    searchProjectIds(t.database.db, terms, 50, AUTHOR_LIKENESS_BESIDE_WORDS),
  ]);
  expect(a).toEqual(fromSql);
  expect(b).toEqual(fromSql);
  return a!.ids;
}

/** The comments both instances find, which must be PostgreSQL's. */
async function commentsFound(q: string): Promise<number[]> {
  const terms = withoutTypos(searchTermsOf(q));
  const idsOf = (instance: LiveSearchIndex) => instance.find(terms, 50).then((f) => f?.commentIds);
  const [a, b, fromSql] = await Promise.all([idsOf(first), idsOf(second), searchCommentIds(t.database.db, terms, 50)]);
  expect(a).toEqual(fromSql);
  expect(b).toEqual(fromSql);
  return a!;
}

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.migrate();
  authorId = await newUser('Orla Quentin');
  for (let i = 0; i < 30; i++) await discoveryKit(t.database.db).project(authorId, { title: `Sample tool ${i}`, description: 'A plain description of a tool.' });
  first = new LiveSearchIndex(t.database.db, quiet);
  second = new LiveSearchIndex(t.database.db, quiet, { thread: 'worker' });
  for (const s of [first, second]) s.start();
  await Promise.all([first.ready(), second.ready()]);
}, 120_000);
afterAll(async () => {
  first.stop();
  second.stop();
  await t.drop();
}, 60_000);

describe('the search index follows writes', () => {
  it('when a project is created, edited and deleted, then the next search on every instance shows it as it is', async () => {
    const [before, after] = [word(), word()];
    const project = await discoveryKit(t.database.db).project(authorId, { title: `Parser for ${before} files`, description: 'Reads them fast.' });
    expect(await found(before)).toEqual([project.id]);

    await t.database.db.update(projects).set({ title: `Parser for ${after} files` }).where(eq(projects.id, project.id));
    expect(await found(before)).toEqual([]);
    expect(await found(after)).toEqual([project.id]);

    await t.database.db.delete(projects).where(eq(projects.id, project.id));
    expect(await found(after)).toEqual([]);
  });

  it('when trending scores change, then projects the words find equally are ordered by the new scores', async () => {
    const ids = (await found('sample tool')).slice(0, 30);
    expect(ids.length).toBe(30);
    const last = ids[ids.length - 1]!;
    await t.database.db.update(projects).set({ trendingScore: 1_000 }).where(eq(projects.id, last));
    expect((await found('sample tool'))[0]).toBe(last);
  });

  it('when an author is renamed, suspended and restored, then search by name and their projects follow', async () => {
    const id = await newUser('Zebulon Whitcombe');
    const project = await discoveryKit(t.database.db).project(id, { title: 'Weather station dashboard', description: 'Charts the weather.' });
    expect(await found('whitcombe')).toEqual([project.id]);

    await t.database.db.update(users).set({ displayName: 'Ysolde Marchbanks' }).where(eq(users.id, id));
    expect(await found('whitcombe')).toEqual([]);
    expect(await found('marchbanks')).toEqual([project.id]);

    await t.database.db.update(users).set({ isSuspended: true }).where(eq(users.id, id));
    expect(await found('weather station')).toEqual([]);
    await t.database.db.update(users).set({ isSuspended: false }).where(eq(users.id, id));
    expect(await found('weather station')).toEqual([project.id]);
  });

  it("when an author's projects change score, move to another author or go, then the projects found by their name follow", async () => {
    const id = await newUser('Thaddeus Brimblecombe');
    const made: number[] = [];
    for (let i = 0; i < 24; i++) {
      const project = await discoveryKit(t.database.db).project(id, { title: `Widget ${i}`, description: 'Nothing the query says.' });
      await t.database.db.update(projects).set({ trendingScore: i }).where(eq(projects.id, project.id));
      made.push(project.id);
    }
    // Found by name only: their 20 most trending, best first.
    expect(await found('brimblecombe')).toEqual(made.slice(4).reverse());

    await t.database.db.update(projects).set({ trendingScore: 100 }).where(eq(projects.id, made[0]!));
    await t.database.db.delete(projects).where(eq(projects.id, made[23]!));
    await t.database.db.update(projects).set({ authorId: await newUser('Somebody Else') }).where(eq(projects.id, made[22]!));
    expect(await found('brimblecombe')).toEqual([made[0], ...made.slice(3, 22).reverse()]);
  });

  it('when several authors are alike the query equally, then their projects found only by name mix by trending, cut at a page, as PostgreSQL orders them', async () => {
    // Names of their own, not the random words other tests search for (a name alike those would rank).
    const w = 'Marrowby';
    const name = `Quillon ${w}`;
    // Three authors of one name (20 projects each ranked by name: more than a page of 50) and one
    // whose name is less alike; trending scores interleaved across the three.
    const twins = [await newUser(name), await newUser(name), await newUser(name)];
    const cousin = await newUser(`Quillan ${w}`);
    let score = 0;
    for (let i = 0; i < 20; i++) {
      for (const author of [...twins, cousin]) {
        const project = await discoveryKit(t.database.db).project(author, { title: `Gadget ${i}`, description: 'Nothing the query says.' });
        await t.database.db.update(projects).set({ trendingScore: (score++ * 7) % 97 }).where(eq(projects.id, project.id));
      }
    }
    const ids = await found(name.toLowerCase());
    expect(ids).toHaveLength(50);
  });

  it('when a comment is written, edited and deleted, and its writer suspended, then comment search follows', async () => {
    const [before, after] = [word(), word()];
    const project = await discoveryKit(t.database.db).project(authorId, { title: 'Commented project', description: 'Talked about.' });
    const writer = await newUser('Comment Writer');
    const comment = await discoveryKit(t.database.db).comment(writer, project.id, `Great ${before} work`);
    expect(await commentsFound(before)).toEqual([comment.id]);

    await t.database.db.update(comments).set({ content: `Great ${after} work` }).where(eq(comments.id, comment.id));
    expect(await commentsFound(before)).toEqual([]);
    expect(await commentsFound(after)).toEqual([comment.id]);

    await t.database.db.update(users).set({ isSuspended: true }).where(eq(users.id, writer));
    expect(await commentsFound(after)).toEqual([]);
    await t.database.db.update(users).set({ isSuspended: false }).where(eq(users.id, writer));
    expect(await commentsFound(after)).toEqual([comment.id]);

    await t.database.db.delete(comments).where(eq(comments.id, comment.id));
    expect(await commentsFound(after)).toEqual([]);
  });

  it('when a bulk change asks every instance to reload, then searches read PostgreSQL until the new index is loaded', async () => {
    const w = word();
    await t.database.db.execute(sql`INSERT INTO search_changes DEFAULT VALUES`);
    const project = await discoveryKit(t.database.db).project(authorId, { title: `Reloaded ${w} project`, description: 'After a bulk change.' });
    const terms = withoutTypos(searchTermsOf(w));
    for (const instance of [first, second]) {
      expect(await instance.find(terms, 50).then((f) => f && f.projects)).toBeNull();
      await instance.ready();
      expect((await instance.find(terms, 50).then((f) => f && f.projects))?.ids).toEqual([project.id]);
    }
  });

  it('when the search thread stops, then searches read PostgreSQL until a new thread has loaded the index', async () => {
    const w = word();
    const project = await discoveryKit(t.database.db).project(authorId, { title: `Thread ${w} demo`, description: 'After a crash.' });
    const terms = withoutTypos(searchTermsOf(w));
    // The thread dies as a crash would end it.
    await (second as unknown as { index: { worker: { terminate(): Promise<number> } } }).index.worker.terminate();
    expect(await second.find(terms, 50)).toBeNull();
    await second.ready();
    expect((await second.find(terms, 50))?.projects.ids).toEqual([project.id]);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'when a write commits after a search looked while it ran, then the next search still shows it',
    async () => {
      const w = word();
      const project = await discoveryKit(t.database.db).project(authorId, { title: 'Slow commit demo', description: 'Before.' });
      const other = new pg.Client({ connectionString: t.url! });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('UPDATE projects SET title = $1 WHERE id = $2', [`Slow commit ${w}`, project.id]);
        // A search while the writing transaction is open: it cannot see the change yet.
        expect(await found(w)).toEqual([]);
        await other.query('COMMIT');
        expect(await found(w)).toEqual([project.id]);
      } finally {
        await other.end();
      }
    },
  );

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'when a transaction stays open, then each look reads only the changes no look read before, and the open one\'s once it commits',
    async () => {
      const db = t.database.db;
      const [kept, late] = [
        await discoveryKit(db).project(authorId, { title: 'Kept open demo', description: 'Read once.' }),
        await discoveryKit(db).project(authorId, { title: 'Late commit demo', description: 'Before.' }),
      ];
      const other = new pg.Client({ connectionString: t.url! });
      await other.connect();
      try {
        // A long transaction (a bulk refresh, say) holds the oldest snapshot's xmin back.
        await other.query('BEGIN');
        await other.query('SELECT pg_current_xact_id()');
        const start = await readChangeHorizon(db);
        await db.update(projects).set({ title: `Kept open ${word()}` }).where(eq(projects.id, kept.id));
        const first = await readChangesSince(db, start);
        expect(first.projects).toContain(kept.id);
        // Nothing new: a look reads nothing, though the open transaction is older than the write.
        const second = await readChangesSince(db, first.horizon);
        expect(second.projects).toEqual([]);
        await other.query('UPDATE projects SET title = $1 WHERE id = $2', [`Late commit ${word()}`, late.id]);
        expect((await readChangesSince(db, second.horizon)).projects).toEqual([]);
        await other.query('COMMIT');
        // The open transaction's change, once, when it commits.
        const third = await readChangesSince(db, second.horizon);
        expect(third.projects).toEqual([late.id]);
        expect((await readChangesSince(db, third.horizon)).projects).toEqual([]);
      } finally {
        await other.end();
      }
    },
  );

  it("when a look at the changes also reads the waiting searches' words, then their stems are those the English configuration gives, stop words as none", async () => {
    const words = ['running', 'the', 'straße', 'v8', '2024', 'reacts', 'dashb', 'ωmega'];
    const withLook = await readChangesSince(t.database.db, await readChangeHorizon(t.database.db), words);
    const alone = await readStems(t.database.db, words);
    expect(withLook.stems).toEqual(alone);
    expect(withLook.stems.get('running')).toEqual(['run']);
    expect(withLook.stems.get('the')).toEqual([]);
    // A look without words reads no stems.
    expect((await readChangesSince(t.database.db, await readChangeHorizon(t.database.db))).stems.size).toBe(0);
  });
});
