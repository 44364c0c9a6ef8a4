import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../constants';
import {
  canonicalCategory,
  checkNativeFiles,
  nativeFilePath,
  parseFileProblem,
  fileProblemMessage,
  ZProjectInputSchema,
} from './project';

const valid = {
  title: 'Pixel Garden',
  description: 'A tiny garden',
  thumbnail: 'https://example.com/a.png',
  category: 'Game Development',
  tutorialUrl: 'https://example.com/tutorial',
  projectUrl: 'https://garden.example.com',
};
const firstMessage = (input: unknown) => {
  const r = ZProjectInputSchema.safeParse(input);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('ZProjectInputSchema', () => {
  it('when a required field is missing or blank, then the one required-fields message', () => {
    for (const key of ['title', 'description', 'thumbnail', 'category', 'tutorialUrl'] as const) {
      expect(firstMessage({ ...valid, [key]: undefined }), key).toBe(
        'Please fill out all required fields including thumbnail and Tutorial URL',
      );
      expect(firstMessage({ ...valid, [key]: '   ' }), key).toBe(
        'Please fill out all required fields including thumbnail and Tutorial URL',
      );
    }
  });

  it('when hosting is external without a URL, then the spec message; native needs none and drops it', () => {
    expect(firstMessage({ ...valid, projectUrl: '' })).toBe('External URL is required when using external hosting');
    const native = ZProjectInputSchema.parse({ ...valid, hostingType: 'native' });
    expect(native.projectUrl).toBeNull();
  });

  it('when optional fields are blank, then the defaults of the spec apply', () => {
    const p = ZProjectInputSchema.parse({ ...valid, timeSpent: '', cost: '', location: ' ', timeUnit: '' });
    expect(p).toMatchObject({ timeSpent: null, cost: null, location: null, timeUnit: 'hours', costCurrency: 'USD', hostingType: 'external' });
  });

  it('when the cost is negative or fractional, then it is refused', () => {
    expect(firstMessage({ ...valid, cost: -1 })).toBe('Cost must be a whole number of cents of 0 or more');
    expect(firstMessage({ ...valid, cost: 1.5 })).toBe('Cost must be a whole number of cents of 0 or more');
    expect(ZProjectInputSchema.parse({ ...valid, cost: 0 }).cost).toBe(0);
  });

  it('when a category of the edit list is given, then the canonical value is stored', () => {
    expect(ZProjectInputSchema.parse({ ...valid, category: 'ai' }).category).toBe('AI/ML');
    expect(ZProjectInputSchema.parse({ ...valid, category: 'web development' }).category).toBe('Web Development');
    expect(firstMessage({ ...valid, category: 'Cooking' })).toBe('Please choose a category from the list');
    expect(canonicalCategory('design')).toBe('Design');
  });

  it('when the thumbnail is an uploaded image address or an http URL, then it is accepted; javascript: is not', () => {
    expect(ZProjectInputSchema.safeParse({ ...valid, thumbnail: `/uploads/images/${'a'.repeat(32)}.png` }).success).toBe(true);
    expect(firstMessage({ ...valid, thumbnail: 'javascript:alert(1)' })).toBe(
      'Thumbnail must be an http(s) image URL or an uploaded image',
    );
    expect(firstMessage({ ...valid, tutorialUrl: 'ftp://x' })).toBe('Tutorial URL must be a valid http(s) URL');
  });
});

describe('native files', () => {
  it('when a name is absolute, climbs out or uses backslashes, then it has no path', () => {
    for (const bad of ['../x.js', 'a/../../x.js', '/etc/passwd', 'C:/x.js', 'a\\b.js', 'a//b.js', './a.js', '']) {
      expect(nativeFilePath(bad), bad).toBeNull();
    }
    expect(nativeFilePath('css/app.css')).toBe('css/app.css');
  });

  it('when files break a rule, then the problem names the spec texts', () => {
    expect(checkNativeFiles([{ name: 'a.exe', size: 1 }])).toEqual({
      title: 'Invalid file type',
      description: 'a.exe is not an allowed file type (html, css, js, json, png, jpg, jpeg, gif, svg, webp, woff, woff2)',
    });
    expect(checkNativeFiles([{ name: 'big.png', size: MAX_FILE_BYTES + 1 }])).toEqual({
      title: 'File too large',
      description: 'big.png is larger than 5MB',
    });
    expect(checkNativeFiles([{ name: 'ok.png', size: MAX_FILE_BYTES }])).toBeNull();
  });

  it('when stored and new paths exceed 20, then Too many files; replacing a stored path does not count twice', () => {
    const stored = Array.from({ length: 19 }, (_, i) => `f${i}.js`);
    expect(checkNativeFiles([{ name: 'f0.js', size: 1 }, { name: 'new.js', size: 1 }], stored)).toBeNull();
    expect(checkNativeFiles([{ name: 'a.js', size: 1 }, { name: 'b.js', size: 1 }], stored)).toEqual({
      title: 'Too many files',
      description: 'Maximum 20 files allowed per project',
    });
  });

  it('when a server message carries a problem, then it splits back into title and text', () => {
    const p = { title: 'File too large', description: 'x.png is larger than 5MB' };
    expect(parseFileProblem(fileProblemMessage(p))).toEqual(p);
    expect(parseFileProblem('Something else')).toBeNull();
  });
});
