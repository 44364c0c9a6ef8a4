// The demo community's crowd and its last 90 days: members, projects, likes, saves and comments drawn
// from real developer text (developerCorpus) and spread over the days, with the daily counters that
// Analytics reads, so Trending, Analytics and the counters look alive on first start. Deterministic for
// a seed and the installed packages; a few bulk statements, so the first start stays quick on PGlite.
import { CATEGORIES, HANDLE_MAX, type Category } from '@shared/constants';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { comments, projectDailyStats, projects, reactions, saves, users } from '../db/schema';
import { developerCorpus, generatedTitles, seededRandom } from './developer-corpus';

export const DEMO_HISTORY_DAYS = 90;
export const DEMO_CROWD = { members: 40, projects: 60, likesPerMember: 10, savesPerMember: 3, comments: 150 } as const;

const DAY = 24 * 60 * 60 * 1000;
/** Rows per insert: well under the 65,535 parameters of one statement. */
const CHUNK = 500;

type Day = string; // YYYY-MM-DD (UTC)
const dayOf = (t: number): Day => new Date(t).toISOString().slice(0, 10);

export type DemoHistoryInput = {
  now: number;
  /** The hand-written community's projects: their ids, creation times and stored view counts. */
  projects: { id: number; createdAt: number; viewCount: number }[];
  /** Their members' ids (they comment on the crowd's projects too; their likes are hand-written). */
  memberIds: string[];
  thumbnailOf: (category: Category, i: number) => string;
  seed?: number;
};

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Adds the crowd and 90 days of its activity; the counters are recounted by the caller. */
export async function seedDemoHistory(tx: Tx, input: DemoHistoryInput): Promise<void> {
  const random = seededRandom(input.seed ?? 90);
  const corpus = developerCorpus();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const within = (from: number) => from + Math.floor(random() * Math.max(1, input.now - from));
  const since = input.now - DEMO_HISTORY_DAYS * DAY;

  const handles = new Set<string>();
  const crowd = Array.from({ length: DEMO_CROWD.members }, (_, i) => {
    const firstName = pick(corpus.firstNames);
    const lastName = pick(corpus.lastNames);
    const base = `${firstName}_${lastName}`.normalize('NFKD').replace(/[^A-Za-z0-9_]/g, '').toLowerCase().slice(0, HANDLE_MAX - 3);
    let handle = base.length >= 3 ? base : `member_${i}`;
    if (handles.has(handle)) handle = `${handle.slice(0, HANDLE_MAX - 3)}_${i}`;
    handles.add(handle);
    return { firstName, lastName, displayName: `${firstName} ${lastName}`, handle, email: `${handle}@members.buildboard.dev`, createdAt: new Date(since - (i + 1) * DAY) };
  });
  // No password: the crowd cannot sign in; the printed demo accounts stay the only ones.
  const crowdIds = (await tx.insert(users).values(crowd).returning({ id: users.id })).map((r) => r.id);

  const titles = generatedTitles(corpus, input.seed ?? 90);
  const crowdProjects = Array.from({ length: DEMO_CROWD.projects }, (_, i) => {
    const category = CATEGORIES[i % CATEGORIES.length]!;
    const sentences = 1 + Math.floor(random() * 3);
    // Older projects are fewer: activity grows towards today, as in a young community.
    const createdAt = input.now - Math.floor(DEMO_HISTORY_DAYS * DAY * random() ** 1.5);
    return {
      authorId: pick(crowdIds),
      title: pick(titles),
      description: Array.from({ length: sentences }, () => pick(corpus.sentences)).join(' '),
      thumbnail: input.thumbnailOf(category, i),
      category,
      projectUrl: `https://example.com/crowd/${i + 1}`,
      tutorialUrl: `https://example.com/crowd/${i + 1}/tutorial`,
      hostingType: 'external' as const,
      viewCount: 0,
      createdAt: new Date(createdAt),
    };
  });
  const inserted = await tx.insert(projects).values(crowdProjects).returning({ id: projects.id, createdAt: projects.createdAt });
  const all = [
    ...input.projects,
    ...inserted.map((p) => ({ id: p.id, createdAt: p.createdAt.getTime(), viewCount: 0 })),
  ];

  // Daily counters per project and day, filled as the activity is made.
  type Counters = { views: number; reactions: number; saves: number; comments: number };
  const daily = new Map<string, Counters>();
  const count = (projectId: number, at: number, field: keyof Counters, n = 1) => {
    const key = `${projectId}|${dayOf(at)}`;
    const c = daily.get(key) ?? { views: 0, reactions: 0, saves: 0, comments: 0 };
    c[field] += n;
    daily.set(key, c);
  };
  const startOf = (p: { createdAt: number }) => Math.max(p.createdAt, since);

  const liked = new Set<string>();
  const likeRows: (typeof reactions.$inferInsert)[] = [];
  const saveRows: (typeof saves.$inferInsert)[] = [];
  for (const userId of crowdIds) {
    for (let j = 0; j < DEMO_CROWD.likesPerMember; j++) {
      const p = pick(all);
      if (liked.has(`${userId}|${p.id}`)) continue;
      liked.add(`${userId}|${p.id}`);
      const at = within(startOf(p));
      likeRows.push({ userId, projectId: p.id, createdAt: new Date(at) });
      count(p.id, at, 'reactions');
      if (j < DEMO_CROWD.savesPerMember) {
        saveRows.push({ userId, projectId: p.id, createdAt: new Date(at) });
        count(p.id, at, 'saves');
      }
    }
  }
  await insertChunked(likeRows, (c) => tx.insert(reactions).values(c));
  await insertChunked(saveRows, (c) => tx.insert(saves).values(c));

  const commentRows = Array.from({ length: DEMO_CROWD.comments }, () => {
    const p = pick(all);
    const at = within(startOf(p));
    count(p.id, at, 'comments');
    return { userId: pick([...crowdIds, ...input.memberIds]), projectId: p.id, content: pick(corpus.comments), createdAt: new Date(at) };
  });
  await insertChunked(commentRows, (c) => tx.insert(comments).values(c));

  // Views: a few a day from each project's first day, more on the days it was liked; the stored
  // counter is their sum (plus what the hand-written projects already showed).
  const viewTotals = new Map<number, number>();
  for (const p of all) {
    for (let t = startOf(p); t <= input.now; t += DAY) {
      const c = daily.get(`${p.id}|${dayOf(t)}`);
      const views = Math.floor(random() * 6) + (c ? 4 * (c.reactions + c.comments) : 0);
      if (views > 0) count(p.id, t, 'views', views);
      viewTotals.set(p.id, (viewTotals.get(p.id) ?? 0) + views);
    }
  }
  const statRows = [...daily.entries()].map(([key, c]) => {
    const [projectId, day] = key.split('|') as [string, string];
    return { projectId: Number(projectId), day, views: c.views, reactions: c.reactions, saves: c.saves, comments: c.comments };
  });
  await insertChunked(statRows, (c) => tx.insert(projectDailyStats).values(c));
  const totals = all.map((p) => ({ id: p.id, n: viewTotals.get(p.id) ?? 0 }));
  await tx.execute(sql`
    UPDATE projects p SET view_count = p.view_count + v.n
    FROM jsonb_to_recordset(${JSON.stringify(totals)}::jsonb) AS v(id int, n int)
    WHERE p.id = v.id`);
}
