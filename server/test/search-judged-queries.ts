// A small judged query set for search quality over generated data (generateDiscoveryData's developer
// text): each query with the words a person means by it, and the judgement that the projects they
// expect first are those whose title says so. Precision at 10 is the share of the first ten results
// that are such projects (out of ten, or of all such projects when fewer exist). The bench prints it;
// a test holds a floor.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { userVisibleSql } from '../access/visibility-sql';
import type { TSearchResults } from '@shared/schemas/discovery';
import { searchContent } from '../modules/discovery/search-content';
import type { DiscoveryDeps } from '../modules/discovery/list-trending-projects';

export type JudgedQuery = {
  /** What the person types: a word, two words, a prefix as typed, a typo. */
  q: string;
  /** The title words they mean: a whole word, or "word*" for any word starting so. */
  means: string[];
};

export const JUDGED_QUERIES: readonly JudgedQuery[] = [
  { q: 'parser', means: ['parser'] },
  { q: 'json', means: ['json'] },
  { q: 'typescript', means: ['typescript'] },
  { q: 'react', means: ['react'] },
  { q: 'stream', means: ['stream'] },
  { q: 'json schema', means: ['json', 'schema'] },
  { q: 'command line', means: ['command', 'line'] },
  { q: 'source map', means: ['source', 'map'] },
  { q: 'middlew', means: ['middlew*'] },
  { q: 'valid', means: ['valid*'] },
  { q: 'raect', means: ['react'] },
  { q: 'typescirpt', means: ['typescript'] },
  { q: 'javascript', means: ['javascript'] },
  { q: 'promise', means: ['promise'] },
];

export type JudgedResult = { q: string; expected: number; relevantInTop10: number; precision: number };

const TOP = 10;

function wordsOf(title: string): string[] {
  return title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whether a title says what the person means: every meant word is one of its words (a plural too), or starts one. */
export function titleMeans(title: string, means: readonly string[]): boolean {
  const words = wordsOf(title);
  return means.every((m) => (m.endsWith('*') ? words.some((w) => w.startsWith(m.slice(0, -1))) : words.some((w) => w === m || w === `${m}s`)));
}

/** How many visible projects' titles say what the query means (the most precision at 10 can count). */
async function expectedCount(db: Db, means: readonly string[]): Promise<number> {
  const like = means.map((m) => sql`lower(p.title) ~ ${`(^|[^[:alnum:]])${m.endsWith('*') ? m.slice(0, -1) : `${m}s?($|[^[:alnum:]])`}`}`);
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM projects p JOIN users u ON u.id = p.author_id
      WHERE ${userVisibleSql('u')} AND ${sql.join(like, sql` AND `)} LIMIT ${TOP}) x`,
  );
  return row?.n ?? 0;
}

/** Precision at 10 of every judged query that has at least one expected project, through the search use case. */
export async function judgeSearch(deps: DiscoveryDeps): Promise<{ results: JudgedResult[]; mean: number }> {
  const results: JudgedResult[] = [];
  for (const j of JUDGED_QUERIES) {
    const expected = await expectedCount(deps.db, j.means);
    if (expected === 0) continue;
    const top = (JSON.parse((await searchContent(deps, { q: j.q, offset: 0 })).json) as TSearchResults).projects.slice(0, TOP);
    const relevantInTop10 = top.filter((p) => titleMeans(p.title, j.means)).length;
    results.push({ q: j.q, expected, relevantInTop10, precision: relevantInTop10 / Math.min(TOP, expected) });
  }
  const mean = results.length ? results.reduce((s, r) => s + r.precision, 0) / results.length : 0;
  return { results, mean };
}
