// A search query log drawn from the benchmarked data: what members type, each query once, so that no
// answer comes from a cache. Made from a sample of the stored titles and descriptions.
import { seededRandom } from '../server/seed/developer-corpus';

/** The words of a text as search sees them: lower-case letters only, three or more. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
}

/** The word with two neighbouring letters swapped (the most common typo), at a drawn place. */
export function typoOf(word: string, random: () => number): string {
  const i = Math.floor(random() * (word.length - 1));
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

export const QUERY_KINDS = ['common word', 'rare word', 'two words', 'prefix as typed', 'typo'] as const;

/**
 * Up to `count` distinct queries (distinct as the search cache keys them: lower-cased, single spaces),
 * the kinds taken in turn: a word among the most frequent tenth, a word seen at most twice, two words
 * that follow each other in a text, the first 3 to n-1 letters of a word, a word of five letters or
 * more with two letters swapped. When the data runs out of one kind, the others go on; the log may
 * be shorter than asked (a small vocabulary).
 */
export function queryLog(texts: readonly string[], count: number, seed = 39): string[] {
  const random = seededRandom(seed);
  const frequency = new Map<string, number>();
  const pairs: string[] = [];
  for (const text of texts) {
    const words = wordsOf(text);
    words.forEach((w, i) => {
      frequency.set(w, (frequency.get(w) ?? 0) + 1);
      if (i > 0) pairs.push(`${words[i - 1]} ${w}`);
    });
  }
  const byFrequency = [...frequency.keys()].sort((a, b) => frequency.get(b)! - frequency.get(a)! || (a < b ? -1 : 1));
  const common = byFrequency.slice(0, Math.max(1, Math.ceil(byFrequency.length / 10)));
  const rare = byFrequency.filter((w) => frequency.get(w)! <= 2);
  const long = byFrequency.filter((w) => w.length >= 5);
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)];
  const makers: Record<(typeof QUERY_KINDS)[number], () => string | undefined> = {
    'common word': () => pick(common),
    'rare word': () => pick(rare),
    'two words': () => pick(pairs),
    'prefix as typed': () => {
      const w = pick(byFrequency);
      return w && w.length > 3 ? w.slice(0, 3 + Math.floor(random() * (w.length - 3))) : undefined;
    },
    typo: () => {
      const w = pick(long);
      return w ? typoOf(w, random) : undefined;
    },
  };
  const seen = new Set<string>();
  const out: string[] = [];
  const exhausted = new Set<string>();
  for (let turn = 0; out.length < count && exhausted.size < QUERY_KINDS.length; turn++) {
    const kind = QUERY_KINDS[turn % QUERY_KINDS.length]!;
    if (exhausted.has(kind)) continue;
    let added = false;
    // A kind is spent once 200 draws in a row bring nothing new.
    for (let attempt = 0; attempt < 200 && !added; attempt++) {
      const q = makers[kind]();
      if (q && !seen.has(q)) {
        seen.add(q);
        out.push(q);
        added = true;
      }
    }
    if (!added) exhausted.add(kind);
  }
  return out;
}
