import { describe, expect, it } from 'vitest';
import { paddedWords, TrigramCodes, trigramSignature, trigramsOf, WordSimilarity } from './word-similarity';

const TEXTS = [
  'React Dashboard',
  'react-react dashboard dash',
  'Ada Lovelace',
  'ÖLA Åberg',
  'Straße für Ωmega Σίσυφος',
  'emoji 😀 rocket 🚀 launcher',
  'a',
  '',
  '--- ...',
  'Reactor reactive reacts to react',
  'dashb oard dashboard dashboards',
];
const QUERIES = ['react', 'raect', 'dashb', 'react dash', 'lovelace', 'öla', 'strasse', 'ωmega', 'rocket', '🚀', 'zzqq', 'a', 'reactive react'];

describe('word likeness of stored texts', () => {
  it('when texts are stored as trigram codes or padded words, then each query measures them exactly as from their text', () => {
    const codes = new TrigramCodes();
    const stored = TEXTS.map((text) => ({ text, codes: codes.encode(trigramsOf(text)) }));
    let alike = 0;
    for (const q of QUERIES) {
      const likeness = new WordSimilarity(q);
      for (const { text, codes: coded } of stored) {
        const expected = likeness.of(text);
        expect(likeness.ofCoded(coded, 0, coded.length, codes), `${q} / ${text}`).toBe(expected);
        expect(likeness.ofPadded(paddedWords(text)), `${q} / ${text}`).toBe(expected);
        // With a bar to beat, the value is exact above it and not above it otherwise.
        const beaten = likeness.ofPadded(paddedWords(text), 0.5);
        if (expected > 0.5) expect(beaten).toBe(expected);
        else expect(beaten).toBeLessThanOrEqual(0.5);
        if (expected > 0) alike++;
      }
    }
    // Texts the queries resemble, not only zeros.
    expect(alike).toBeGreaterThan(15);
  });

  it('when texts are coded after a query first measured one, then the query still measures the new ones', () => {
    const codes = new TrigramCodes();
    const first = codes.encode(trigramsOf('Grace Hopper'));
    const likeness = new WordSimilarity('hopper compiler');
    expect(likeness.ofCoded(first, 0, first.length, codes)).toBe(likeness.of('Grace Hopper'));
    // Codes for trigrams the query has and no text had before.
    const later = codes.encode(trigramsOf('Compiler Hopper'));
    expect(likeness.ofCoded(later, 0, later.length, codes)).toBe(likeness.of('Compiler Hopper'));
    expect(likeness.ofCoded(later, 0, later.length, codes)).toBeGreaterThan(likeness.ofCoded(first, 0, first.length, codes));
  });

  it('when a text\'s signature says a query cannot beat a bar, then its likeness is not above the bar, and most unlike texts are told so', () => {
    let told = 0;
    let unlike = 0;
    for (const q of QUERIES) {
      const likeness = new WordSimilarity(q);
      for (const text of TEXTS) {
        const signature = trigramSignature(paddedWords(text));
        const value = likeness.of(text);
        for (const bar of [0, 0.3, 0.5, 0.8]) {
          if (likeness.cannotBeat(signature.low, signature.high, bar)) {
            expect(value, `${q} / ${text} / ${bar}`).toBeLessThanOrEqual(bar);
            told++;
          }
          if (value <= bar) unlike++;
        }
      }
    }
    // A signature that never answered would pass the check above: it must spare most of the work.
    expect(told).toBeGreaterThan(unlike / 2);
  });
});
