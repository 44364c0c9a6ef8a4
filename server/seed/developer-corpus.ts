// Real developer text for generated and demo data: the package.json descriptions, README sentences and
// author names of whatever packages are installed under node_modules. Hand-made word lists give a
// handful of words that each match a large share of all projects, so neither search cost nor search
// quality looked like a real community's; this text has a natural word distribution. No particular
// package is relied on: a small built-in text fills in when too little is found.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMENT_MAX, DISPLAY_NAME_MAX } from '@shared/constants';
import { PROJECT_DESCRIPTION_MAX, PROJECT_TITLE_MAX } from '@shared/schemas/project';

export type DeveloperCorpus = {
  /** Short phrases for project titles: package descriptions and README headings. */
  titles: string[];
  /** Sentences for project descriptions. */
  sentences: string[];
  /** Shorter sentences for comments. */
  comments: string[];
  /** First and last names of package authors and contributors. */
  firstNames: string[];
  lastNames: string[];
};

/** Longest README text read per package: the opening explains what a package is; the rest is API detail. */
const README_BYTES = 24_000;
const TITLE_WORDS = { min: 2, max: 8 };
const SENTENCE_WORDS = { min: 5, max: 40 };
const COMMENT_WORDS = { min: 3, max: 25 };
const NAME_PART_MAX = Math.floor(DISPLAY_NAME_MAX / 2);

/** Used when node_modules holds too little (a bare checkout): enough to generate from, not a distribution. */
const FALLBACK = {
  titles: ['Snake in WebGL', 'Budget tracker for the terminal', 'Markdown notes with offline sync', 'Tiny HTTP router'],
  sentences: [
    'A small library that parses command line arguments and prints helpful usage messages.',
    'Renders charts from a stream of events without blocking the main thread.',
    'Keeps a local copy of your notes and syncs them when the network comes back.',
    'Validates JSON documents against a schema and reports every error with its path.',
  ],
  firstNames: ['Ada', 'Linus', 'Grace', 'Ken', 'Barbara', 'Dennis'],
  lastNames: ['Lovelace', 'Torvalds', 'Hopper', 'Thompson', 'Liskov', 'Ritchie'],
};

/** Markdown, HTML, URLs and badges out; the prose stays. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```|~~~[\s\S]*?~~~/g, '\n') // fenced code
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|pre|code|table)[\s\S]*?<\/\1>/gi, '\n')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ') // images and badges
    .replace(/\[!\[[^\]]*\]\([^)]*\)\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links keep their text
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/^\s*\[[^\]]+\]:.*$/gm, ' ') // link references
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .replace(/\b(?:https?|ftp):\/\/\S+|\bwww\.\S+/gi, ' ')
    .replace(/\S+@\S+\.\S+/g, ' ')
    .replace(/^ {4,}.*$/gm, '\n') // indented code
    .replace(/^\s*\|.*\|\s*$/gm, '\n') // table rows
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/(\*\*|__|\*|_|~~)(\S[^*_~]*?)\1/g, '$2')
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '\n')
    .replace(/^\s*>\s?/gm, '');
}

const words = (s: string) => s.split(/\s+/).filter(Boolean);

/** Prose a person would write: mostly letters, no leftover syntax. */
function isProse(s: string): boolean {
  if (/[{}<>=;$\\|#@[\]]|\(\)|=>|::|\.\w+\(|\/\//.test(s)) return false;
  const letters = (s.match(/\p{L}/gu) ?? []).length;
  return letters >= s.length * 0.7 && /^[\p{Lu}\p{Ll}]/u.test(s);
}

function capped(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return space > max / 2 ? cut.slice(0, space) : cut;
}

function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    if (/^\s*#/.test(paragraph)) continue;
    const flat = paragraph.replace(/\s+/g, ' ').trim();
    for (const s of flat.split(/(?<=[.!?])\s+(?=[\p{Lu}])/u)) out.push(s.trim());
  }
  return out;
}

function headingsOf(text: string): string[] {
  return [...text.matchAll(/^#{1,3}\s+(.+)$/gm)].map((m) => m[1]!.replace(/[#*_`]/g, '').trim());
}

/** "Sindre Sorhus <sindre@...> (https://...)" or { name } -> ["Sindre", "Sorhus"] when it looks like a person's name. */
export function personName(value: unknown): [string, string] | null {
  const raw = typeof value === 'string' ? value : value && typeof value === 'object' && 'name' in value ? String((value as { name: unknown }).name) : '';
  const name = raw.replace(/<[^>]*>|\([^)]*\)/g, '').trim();
  const parts = name.split(/\s+/);
  if (parts.length < 2 || parts.length > 3) return null;
  if (!parts.every((p) => /^\p{Lu}[\p{L}'-]+$/u.test(p))) return null;
  const first = parts[0]!;
  const last = parts.slice(1).join(' ');
  if (first.length > NAME_PART_MAX || last.length > NAME_PART_MAX) return null;
  return [first, last];
}

function packageDirs(root: string): string[] {
  const base = join(root, 'node_modules');
  if (!existsSync(base)) return [];
  const dirs: string[] = [];
  for (const name of readdirSync(base).sort()) {
    if (name.startsWith('.')) continue;
    if (name.startsWith('@')) {
      for (const sub of readdirSync(join(base, name)).sort()) dirs.push(join(base, name, sub));
    } else dirs.push(join(base, name));
  }
  return dirs;
}

function readJson(path: string): Record<string, unknown> | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function readReadme(dir: string): string {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return '';
  }
  const file = names.find((n) => /^readme(\.md|\.markdown|\.txt)?$/i.test(n));
  if (!file) return '';
  try {
    return readFileSync(join(dir, file), 'utf8').slice(0, README_BYTES);
  } catch {
    return '';
  }
}

const cache = new Map<string, DeveloperCorpus>();

/**
 * The corpus of the packages installed under `root` (default: the working directory), deduplicated
 * and in a stable order (packages sorted by name), so generated data is the same for the same seed and
 * the same installed packages. Read once per process.
 */
export function developerCorpus(root = process.cwd()): DeveloperCorpus {
  const known = cache.get(root);
  if (known) return known;
  const titles = new Set<string>();
  const sentences = new Set<string>();
  const comments = new Set<string>();
  const firstNames = new Set<string>();
  const lastNames = new Set<string>();
  const addTitle = (t: string) => {
    const s = t.replace(/\.$/, '').replace(/\s+/g, ' ').trim();
    const n = words(s).length;
    // Titles are names, not questions or signatures ("What does it do?", "parse(input, options)").
    if (n >= TITLE_WORDS.min && n <= TITLE_WORDS.max && s.length <= PROJECT_TITLE_MAX && isProse(s) && !/[()?:]/.test(s)) titles.add(s);
  };
  for (const dir of packageDirs(root)) {
    const pkg = readJson(join(dir, 'package.json'));
    if (!pkg) continue;
    const description = typeof pkg.description === 'string' ? plainText(pkg.description).replace(/\s+/g, ' ').trim() : '';
    if (description) {
      addTitle(description);
      if (words(description).length >= SENTENCE_WORDS.min && isProse(description)) sentences.add(capped(/[.!?]$/.test(description) ? description : `${description}.`, PROJECT_DESCRIPTION_MAX));
    }
    for (const person of [pkg.author, ...(Array.isArray(pkg.contributors) ? pkg.contributors : []), ...(Array.isArray(pkg.maintainers) ? pkg.maintainers : [])]) {
      const name = personName(person);
      if (name) {
        firstNames.add(name[0]);
        lastNames.add(name[1]);
      }
    }
    const readme = readReadme(dir);
    if (!readme) continue;
    const text = plainText(readme);
    for (const h of headingsOf(text)) addTitle(h);
    for (const s of sentencesOf(text)) {
      if (!isProse(s) || !/[.!?]$/.test(s)) continue;
      const n = words(s).length;
      if (n >= SENTENCE_WORDS.min && n <= SENTENCE_WORDS.max) sentences.add(capped(s, PROJECT_DESCRIPTION_MAX));
      if (n >= COMMENT_WORDS.min && n <= COMMENT_WORDS.max) comments.add(capped(s, COMMENT_MAX));
    }
  }
  const orFallback = (found: Set<string>, fallback: string[], min: number) => (found.size >= min ? [...found] : [...new Set([...found, ...fallback])]);
  const corpus: DeveloperCorpus = {
    titles: orFallback(titles, FALLBACK.titles, 50),
    sentences: orFallback(sentences, FALLBACK.sentences, 200),
    comments: orFallback(comments, FALLBACK.sentences, 200),
    firstNames: orFallback(firstNames, FALLBACK.firstNames, 20),
    lastNames: orFallback(lastNames, FALLBACK.lastNames, 20),
  };
  cache.set(root, corpus);
  return corpus;
}

/** Words a title does not end on ("Instead of the" is no name). */
const DANGLING = new Set(
  'a an the of to for with and or but in on at by from as is are be can that this these those it its you your we our if when which who will would should may might not no so than then there their'.split(' '),
);

/** Titles and the openings of sentences, as people name what they built ("Fast markdown parser for the browser"). */
const TITLES_FROM_SENTENCES = 20_000;

/**
 * Project titles for generated data: the corpus's titles plus the first three to seven words of
 * sentences, chosen by the seed, deduplicated. Many distinct titles keep any one title from repeating
 * across a million projects.
 */
export function generatedTitles(corpus: DeveloperCorpus, seed: number): string[] {
  const random = seededRandom(seed);
  const out = new Set(corpus.titles);
  for (let i = 0; i < TITLES_FROM_SENTENCES && corpus.sentences.length > 0; i++) {
    const sentence = corpus.sentences[Math.floor(random() * corpus.sentences.length)]!;
    const opening = words(sentence.replace(/[.,;:!?]+/g, ' ')).slice(0, 3 + Math.floor(random() * 5));
    while (opening.length > 0 && DANGLING.has(opening[opening.length - 1]!.toLowerCase())) opening.pop();
    if (opening.length < 3 || DANGLING.has(opening[0]!.toLowerCase())) continue;
    const joined = opening.join(' ');
    const title = capped(joined.charAt(0).toUpperCase() + joined.slice(1), PROJECT_TITLE_MAX);
    if (words(title).length >= TITLE_WORDS.min) out.add(title);
  }
  return [...out];
}

/** A small seeded generator (mulberry32): the same seed gives the same choices on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
