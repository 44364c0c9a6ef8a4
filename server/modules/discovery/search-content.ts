import { SEARCH_PAGE_SIZE, SEARCH_RESULTS_MAX, type TSearchQuery, type TSearchResults, type TSearchSection } from '@shared/schemas/discovery';
import {
  AUTHOR_LIKENESS_BESIDE_WORDS,
  findWordCorrectionsAndStems,
  searchCommentIds,
  searchProjectIds,
  searchResultsJson,
  type SearchTerms,
} from './discovery.repository';
import type { DiscoveryDeps } from './list-trending-projects';

const MAX_WORDS = 8;
/** Words of these lengths also try their adjacent-letter swaps ('raect' -> 'react'): shorter ones would match too much, longer ones keep enough trigrams. */
const SWAP_MIN = 4;
const SWAP_MAX = 12;

/** A word's spellings with two neighbouring letters swapped, the most common typo. */
export function swapsOf(word: string): string[] {
  const letters = [...word];
  if (letters.length < SWAP_MIN || letters.length > SWAP_MAX) return [];
  const out = new Set<string>();
  for (let i = 0; i + 1 < letters.length; i++) {
    if (letters[i] === letters[i + 1]) continue;
    const swapped = [...letters];
    [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
    out.add(swapped.join(''));
  }
  return [...out];
}

/** The query's words: letters and digits only, so nothing of the tsquery syntax gets through. */
export function queryWordsOf(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

/**
 * The query as trigram text and as tsqueries of its words: "reac das" -> "reac:* & das:*", and the
 * same with each word's swapped-letter spellings and lexicon corrections as alternatives.
 */
export function searchTermsOf(q: string, corrections: ReadonlyMap<string, readonly string[]> = new Map()): SearchTerms {
  const text = q.trim().toLowerCase();
  const words = queryWordsOf(text);
  if (words.length === 0) return { text, prefixQuery: null, fuzzyQuery: null, likelyQuery: null, likely: null, words: [] };
  const prefixQuery = words.map((w) => `${w}:*`).join(' & ');
  const spellings = (w: string, correctionsKept: number) => {
    const extra = [...swapsOf(w), ...(corrections.get(w) ?? []).slice(0, correctionsKept).flatMap(queryWordsOf)].filter((v) => v !== w);
    return [w, ...new Set(extra)];
  };
  const alternatives = words.map((w) => spellings(w, Infinity));
  const fuzzy = alternatives.some((a) => a.length > 1);
  // Swapped letters are the commonest typo, and the lexicon's nearest word the likeliest meaning.
  const likely = fuzzy ? words.map((w) => spellings(w, 1)) : null;
  const queryOf = (words: string[][]) => words.map((a) => `(${a.map((v) => `${v}:*`).join(' | ')})`).join(' & ');
  return {
    text,
    prefixQuery,
    fuzzyQuery: fuzzy ? queryOf(alternatives) : null,
    likelyQuery: likely && queryOf(likely),
    likely,
    words: fuzzy ? alternatives : words.map((w) => [w]),
  };
}

/** The terms of the words as typed only: no swapped letters, no corrections. */
export function withoutTypos(terms: SearchTerms): SearchTerms {
  return { ...terms, fuzzyQuery: null, likelyQuery: null, likely: null, words: terms.words.map((alternatives) => alternatives.slice(0, 1)) };
}

/**
 * A search's ranking (SearchHits): the words as typed first; typo tolerance (swapped letters,
 * lexicon corrections) only when their full text finds less than a full page of projects (authors
 * whose names merely resemble a misspelt word do not count), so a common word never pays for the
 * trigram lookups. The trigram thresholds are connection settings (db/client.ts CONNECTION_SETTINGS).
 */
export async function rankSearch(deps: DiscoveryDeps, text: string): Promise<SearchHits> {
  const db = deps.db;
  const index = deps.searchIndex;
  // Both rounds see the changes committed before the search began: one look at the index's changes.
  const began = performance.now();
  type Round = { authorLikenessMin?: number; usedFromMatches?: number; stems?: ReadonlyMap<string, readonly string[]> };
  const run = async (terms: SearchTerms, { authorLikenessMin, usedFromMatches, stems }: Round = {}) => {
    // The instance's index when it is loaded; PostgreSQL otherwise (SEARCH_INDEX=database, or while it loads).
    const found = await index?.find(terms, SEARCH_RESULTS_MAX, authorLikenessMin, { since: began, usedFromMatches, stems });
    if (found) return { projectIds: found.projects.ids, textMatches: found.projects.textMatches, commentIds: found.commentIds };
    const [projects, commentIds] = await Promise.all([searchProjectIds(db, terms, SEARCH_RESULTS_MAX, authorLikenessMin), searchCommentIds(db, terms, SEARCH_RESULTS_MAX)]);
    return { projectIds: projects.ids, textMatches: projects.textMatches, commentIds };
  };
  // Kept only when its words fill the page, so weaker author names could not have shown (and only
  // then are its comments wanted).
  const exact = await run(withoutTypos(searchTermsOf(text)), { authorLikenessMin: AUTHOR_LIKENESS_BESIDE_WORDS, usedFromMatches: SEARCH_RESULTS_MAX });
  if (exact.textMatches >= SEARCH_RESULTS_MAX) return exact;
  const typed = queryWordsOf(text).filter((w) => [...w].length >= SWAP_MIN);
  // The index also needs the typo round's spellings stemmed: the swaps and the corrections, read with them.
  const { corrections, stems } = await findWordCorrectionsAndStems(db, typed, index ? typed.flatMap(swapsOf) : null);
  return run(searchTermsOf(text, corrections), { stems });
}

/** A search's ranking: up to SEARCH_RESULTS_MAX project ids and as many comment ids, best first. */
export type SearchHits = { projectIds: number[]; commentIds: number[] };

/** A search's answer: the JSON text of TSearchResults, and the projects it shows (the search cache drops it when one changes). */
export type SearchAnswer = { json: string; shows: number[] };

const NOTHING_FOUND: SearchAnswer = {
  json: JSON.stringify({ projects: [], comments: [], projectCount: 0, commentCount: 0 } satisfies TSearchResults),
  shows: [],
};

/**
 * GET /api/search: a page of the projects and comments matching the query (SEARCH_PAGE_SIZE of each
 * from `offset`, or of one section with `only`) and how many each found; a blank query finds
 * nothing. The page is cut from the whole ranking (its counts, and the same order page after page);
 * only the page's cards are read, written by the database (searchResultsJson): the instance ranks
 * ids and never parses a card. `rank` may answer a ranking made for an earlier page of the query.
 */
export async function searchContent(
  deps: DiscoveryDeps,
  query: Pick<TSearchQuery, 'q' | 'offset' | 'only'>,
  rank: (text: string) => Promise<SearchHits> = (text) => rankSearch(deps, text),
): Promise<SearchAnswer> {
  const text = query.q.trim();
  if (!text) return NOTHING_FOUND;
  const hits = await rank(text);
  const counts = `,"projectCount":${hits.projectIds.length},"commentCount":${hits.commentIds.length}}`;
  const slice = (ids: number[], section: TSearchSection) =>
    query.only && query.only !== section ? [] : ids.slice(query.offset, query.offset + SEARCH_PAGE_SIZE);
  const projectIds = slice(hits.projectIds, 'projects');
  const commentIds = slice(hits.commentIds, 'comments');
  // Every project ranked: a like on one may move it onto this page.
  const shows = hits.projectIds;
  // Nothing to write: no statement for the page.
  if (projectIds.length === 0 && commentIds.length === 0) return { json: `{"projects":[],"comments":[]${counts}`, shows };
  const page = await searchResultsJson(deps.db, projectIds, commentIds, deps.previewOrigin);
  // The database writes the page's object; the counts close it.
  return { json: `${page.json.slice(0, -1)}${counts}`, shows: [...shows, ...page.commentProjectIds] };
}
