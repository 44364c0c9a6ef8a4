import { describe, expect, it } from 'vitest';
import { CONNECTION_SETTINGS } from '../../db/client';
import { SEARCH_THRESHOLDS } from './discovery.repository';
import { searchTermsOf, swapsOf, withoutTypos } from './search-content';
import { trendingPoints, trendingScoreOf } from './trending-score';

describe('search terms', () => {
  it('when a word has 4 to 12 letters, then its adjacent-letter swaps are alternatives', () => {
    expect(swapsOf('raect')).toEqual(['arect', 'react', 'racet', 'raetc']);
    expect(swapsOf('abc')).toEqual([]);
    expect(swapsOf('book')).toEqual(['obok', 'boko']);
  });

  it('when the query has words, then the prefix query ANDs them and the fuzzy one ORs each with its spellings', () => {
    const terms = searchTermsOf('  React  DASH ', new Map([['dash', ['dashboard']]]));
    expect(terms.text).toBe('react  dash');
    expect(terms.prefixQuery).toBe('react:* & dash:*');
    expect(terms.fuzzyQuery).toBe(
      '(react:* | eract:* | raect:* | recat:* | reatc:*) & (dash:* | adsh:* | dsah:* | dahs:* | dashboard:*)',
    );
    // The same alternatives word by word (the postings' prefixes), and the words alone without typos.
    expect(terms.words).toEqual([
      ['react', 'eract', 'raect', 'recat', 'reatc'],
      ['dash', 'adsh', 'dsah', 'dahs', 'dashboard'],
    ]);
    expect(withoutTypos(terms)).toMatchObject({ prefixQuery: 'react:* & dash:*', fuzzyQuery: null, likelyQuery: null, words: [['react'], ['dash']] });
  });

  it('when a word has several corrections, then its likeliest spellings are the word, its swaps and the nearest correction', () => {
    const terms = searchTermsOf('typescirpt', new Map([['typescirpt', ['typescript', 'types', 'typescast']]]));
    expect(terms.fuzzyQuery).toContain('types:*');
    expect(terms.likelyQuery).toContain('typescript:*');
    expect(terms.likelyQuery).toContain('typesicrpt:*');
    expect(terms.likelyQuery).not.toContain('types:*');
    expect(terms.likelyQuery).not.toContain('typescast:*');
  });

  it('when the query has only punctuation or tsquery syntax, then no full-text query is made', () => {
    expect(searchTermsOf("!!! & | :* ' ()")).toEqual({ text: "!!! & | :* ' ()", prefixQuery: null, fuzzyQuery: null, likelyQuery: null, likely: null, words: [] });
    expect(searchTermsOf("o'brien:*").prefixQuery).toBe('o:* & brien:*');
  });
});

describe('trending score', () => {
  const base = { viewCount: 0, reactionCount: 0, commentCount: 0, saveCount: 0, shareCount: 0, ratingSum: 0 };
  const at = new Date('2026-01-10T00:00:00Z');

  it('when nothing happened, then the points are 1; each interaction adds its weight', () => {
    expect(trendingPoints(base)).toBe(1);
    expect(trendingPoints({ viewCount: 10, reactionCount: 1, commentCount: 1, saveCount: 1, shareCount: 1, ratingSum: 5 })).toBeCloseTo(1 + 1 + 1 + 2 + 2 + 3 + 2, 9);
  });

  it('when the author is premium, then the score is the free score plus log2(3): the points are tripled once', () => {
    const free = trendingScoreOf({ ...base, reactionCount: 4, createdAt: at, authorIsPremium: false });
    const premium = trendingScoreOf({ ...base, reactionCount: 4, createdAt: at, authorIsPremium: true });
    expect(2 ** (premium - free)).toBeCloseTo(3, 9);
  });

  it('when a project is 72 hours newer with the same points, then it scores exactly one more (one half-life)', () => {
    const older = trendingScoreOf({ ...base, createdAt: at, authorIsPremium: false });
    const newer = trendingScoreOf({ ...base, createdAt: new Date(at.getTime() + 72 * 3600_000), authorIsPremium: false });
    expect(newer - older).toBeCloseTo(1, 9);
  });
});

describe('search thresholds', () => {
  it('when connections open, then their trigram thresholds are the ones search is written for', () => {
    expect(Number(CONNECTION_SETTINGS['pg_trgm.similarity_threshold'])).toBe(SEARCH_THRESHOLDS.correction);
    expect(Number(CONNECTION_SETTINGS['pg_trgm.word_similarity_threshold'])).toBe(SEARCH_THRESHOLDS.wordSimilarity);
  });
});
