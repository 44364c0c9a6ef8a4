// A search query log drawn from the data, for timing searches each asked once (no cache can answer
// them): common words, rare words, two words, prefixes as typed and typos, from a sample of the
// projects' titles and descriptions. Deterministic for a database and a seed.
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { seededRandom } from '../server/seed/developer-corpus';
import { QUERY_KINDS, typoOf, wordsOf } from './query-log';

export const QUERY_CLASSES = QUERY_KINDS;
export type QueryClass = (typeof QUERY_CLASSES)[number];

const SAMPLE_PROJECTS = 5_000;
const COMMON_POOL = 100;

/** `perClass` distinct queries of each class; no query appears twice in the whole log. */
export async function searchLog(db: Db, perClass: number, seed = 7): Promise<Record<QueryClass, string[]>> {
  const random = seededRandom(seed);
  const pickFrom = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const [{ n }] = (await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM projects`)) as [{ n: number }];
  const step = Math.max(1, Math.floor(n / SAMPLE_PROJECTS));
  const sample = await rowsOf<{ title: string; description: string }>(
    db,
    sql`SELECT title, description FROM projects WHERE id % ${step} = 0 ORDER BY id LIMIT ${SAMPLE_PROJECTS}`,
  );
  const counts = new Map<string, number>();
  for (const r of sample) for (const w of new Set(wordsOf(`${r.title} ${r.description}`))) counts.set(w, (counts.get(w) ?? 0) + 1);
  // Stop words find nothing (full text drops them); the database's own dictionary says which they are.
  const candidates = [...counts.keys()].filter((w) => w.length >= 3);
  const searchable = new Set(
    (
      await rowsOf<{ w: string }>(
        db,
        sql`SELECT w FROM jsonb_array_elements_text(${JSON.stringify(candidates)}::jsonb) w WHERE to_tsvector('english', w) <> ''::tsvector`,
      )
    ).map((r) => r.w),
  );
  const byCount = [...searchable].sort((a, b) => counts.get(b)! - counts.get(a)! || (a < b ? -1 : 1));
  const common = byCount.slice(0, COMMON_POOL);
  const middling = byCount.slice(COMMON_POOL, COMMON_POOL * 20).filter((w) => w.length >= 5);
  const rare = byCount.filter((w) => counts.get(w) === 1 && w.length >= 5);
  const used = new Set<string>();
  const take = (make: () => string | null): string[] => {
    const out: string[] = [];
    for (let tries = 0; out.length < perClass && tries < perClass * 50; tries++) {
      const q = make();
      if (q && !used.has(q)) {
        used.add(q);
        out.push(q);
      }
    }
    return out;
  };
  const typo = (w: string) => {
    const swapped = typoOf(w, random);
    return swapped === w ? null : swapped;
  };
  return {
    'common word': take(() => pickFrom(common)),
    'rare word': take(() => pickFrom(rare)),
    'two words': take(() => {
      const words = wordsOf(pickFrom(sample).title).filter((w) => searchable.has(w));
      if (words.length < 2) return null;
      const i = Math.floor(random() * (words.length - 1));
      return `${words[i]} ${words[i + 1]}`;
    }),
    'prefix as typed': take(() => {
      const w = pickFrom(random() < 0.5 ? common : middling);
      return w.length > 4 ? w.slice(0, 3 + Math.floor(random() * Math.min(3, w.length - 3))) : null;
    }),
    typo: take(() => typo(pickFrom(random() < 0.5 ? common.filter((w) => w.length >= 5) : middling))),
  };
}
