import { describe, expect, it } from 'vitest';
import { queryLog, wordsOf } from './query-log';

const texts = [
  'React dashboard for weather data',
  'A weather station built with Svelte',
  'Kanban board in React with drag and drop',
  'Quokka tracker, a tiny zoology notebook',
  'Recipe planner with a shopping list',
];

describe('search query log', () => {
  it('when drawn from texts, then every query is distinct and made of their words, prefixes, pairs or typos', () => {
    const log = queryLog(texts, 200);
    expect(new Set(log).size).toBe(log.length);
    expect(log.length).toBeGreaterThan(40);
    const words = new Set(texts.flatMap(wordsOf));
    for (const q of log) {
      const parts = q.split(' ');
      const fromData = parts.every((p) => words.has(p) || [...words].some((w) => w.startsWith(p) || (w.length === p.length && [...w].sort().join('') === [...p].sort().join(''))));
      expect(fromData, q).toBe(true);
    }
    // The kinds in turn: a common word first, then a rare one, then two words following each other.
    expect(words.has(log[0]!)).toBe(true);
    expect(log[2]!.split(' ')).toHaveLength(2);
  });

  it('when asked for more than the data holds, then it stops without repeating', () => {
    const log = queryLog(['react react react'], 1000);
    expect(new Set(log).size).toBe(log.length);
    expect(log.length).toBeLessThan(20);
  });

  it('when drawn twice from the same texts, then the log is the same', () => {
    expect(queryLog(texts, 50)).toEqual(queryLog(texts, 50));
  });
});
