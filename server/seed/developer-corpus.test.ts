import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_TITLE_MAX } from '@shared/schemas/project';
import { developerCorpus, generatedTitles, personName, plainText, seededRandom } from './developer-corpus';

function fakePackages(packages: Record<string, { json: object; readme?: string }>): string {
  const root = mkdtempSync(join(tmpdir(), 'bb-corpus-'));
  for (const [name, p] of Object.entries(packages)) {
    const dir = join(root, 'node_modules', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify(p.json));
    if (p.readme) writeFileSync(join(dir, 'README.md'), p.readme);
  }
  return root;
}

describe('developer corpus', () => {
  it('when markdown holds badges, links, HTML, code and URLs, then only the prose is left', () => {
    const text = plainText(
      '[![npm](https://img.shields.io/npm/v/x.svg)](https://npmjs.org/x) <b>Fast</b> [parser](https://x.dev/p) for `JSON`.\n```js\nconst a = 1;\n```\nSee https://example.com now.',
    );
    expect(text).not.toMatch(/https?:|shields|<b>|const a|\[|\]/);
    expect(text).toContain('Fast');
    expect(text).toContain('parser for JSON.');
  });

  it('when package authors are listed, then people with a first and last name are kept and handles are not', () => {
    expect(personName('Sindre Sorhus <sindresorhus@gmail.com> (https://sindresorhus.com)')).toEqual(['Sindre', 'Sorhus']);
    expect(personName({ name: 'Ada Lovelace', email: 'ada@example.com' })).toEqual(['Ada', 'Lovelace']);
    expect(personName('ljharb')).toBeNull();
    expect(personName('The Babel Team')).toEqual(['The', 'Babel Team']);
    expect(personName({ url: 'https://x' })).toBeNull();
  });

  it('when packages are installed, then descriptions, README sentences and names are collected once each, within the limits', () => {
    const root = fakePackages({
      a: {
        json: { description: 'Tiny fast JSON parser for browsers', author: 'Grace Hopper <g@example.com>' },
        readme: '# Tiny JSON\n\nParses JSON documents quickly and reports every error with its position.\n\n| a | b |\n|---|---|\n\nParses JSON documents quickly and reports every error with its position.',
      },
      '@scope/b': { json: { description: 'Tiny fast JSON parser for browsers', contributors: [{ name: 'Ken Thompson' }] } },
    });
    const corpus = developerCorpus(root);
    expect(corpus.titles).toContain('Tiny fast JSON parser for browsers');
    expect(corpus.titles.filter((t) => t === 'Tiny fast JSON parser for browsers')).toHaveLength(1);
    expect(corpus.sentences.filter((s) => s.startsWith('Parses JSON documents'))).toHaveLength(1);
    expect(corpus.firstNames).toEqual(expect.arrayContaining(['Grace', 'Ken']));
    for (const t of corpus.titles) expect(t.length).toBeLessThanOrEqual(PROJECT_TITLE_MAX);
  });

  it('when nothing is installed, then a small built-in text still lets data be generated', () => {
    const corpus = developerCorpus(mkdtempSync(join(tmpdir(), 'bb-empty-')));
    expect(corpus.titles.length).toBeGreaterThan(0);
    expect(corpus.sentences.length).toBeGreaterThan(0);
    expect(corpus.firstNames.length).toBeGreaterThan(0);
  });

  it('when the same seed is used twice, then the same titles come out; another seed gives others', () => {
    const corpus = developerCorpus();
    expect(generatedTitles(corpus, 3)).toEqual(generatedTitles(corpus, 3));
    expect(generatedTitles(corpus, 3)).not.toEqual(generatedTitles(corpus, 4));
    const r = seededRandom(1);
    const s = seededRandom(1);
    expect([r(), r(), r()]).toEqual([s(), s(), s()]);
  }, 60_000); // reads every installed package's README once
});
