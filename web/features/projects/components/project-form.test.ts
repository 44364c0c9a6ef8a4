import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '@shared/constants';
import {
  addPickedFiles,
  dollarsToCents,
  emptyProjectForm,
  validateProjectForm,
  withThumbnailMode,
  type ProjectFormState,
} from './project-form';

const filled = (over: Partial<ProjectFormState> = {}): ProjectFormState => ({
  ...emptyProjectForm(),
  title: 'Toy',
  description: 'A toy',
  category: 'Web Development',
  tutorialUrl: 'https://example.com/t',
  projectUrl: 'https://toy.example.com',
  thumbnailUrl: 'https://example.com/t.png',
  ...over,
});
const file = (name: string, size = 10) => {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('project form', () => {
  it('when the form is empty, then the required-fields message comes first', () => {
    const r = validateProjectForm(emptyProjectForm(), { storedPaths: [] });
    expect(r.errors && 'first' in r ? r.first : null).toBe('Please fill out all required fields including thumbnail and Tutorial URL');
  });

  it('when the thumbnail file is chosen, then the form is valid before the upload; switching to URL clears it', () => {
    const s = filled({ thumbnailMode: 'upload', thumbnailUrl: '', thumbnailFile: file('a.png') });
    expect(validateProjectForm(s, { storedPaths: [] }).errors).toBeNull();
    const back = withThumbnailMode(s, 'url');
    expect(back.thumbnailFile).toBeNull();
    expect(withThumbnailMode(filled(), 'upload').thumbnailUrl).toBe('');
  });

  it('when native hosting has no files or no index.html, then the spec messages', () => {
    const none = validateProjectForm(filled({ hostingType: 'native' }), { storedPaths: [] });
    expect(none.errors?.files).toBe('Please upload at least one file for native hosting');
    const noIndex = validateProjectForm(filled({ hostingType: 'native', files: [{ file: file('a.js'), path: 'a.js' }] }), { storedPaths: [] });
    expect(noIndex.errors?.files).toBe('Please include an index.html file for native hosting');
    expect(validateProjectForm(filled({ hostingType: 'native' }), { storedPaths: ['index.html'] }).errors).toBeNull();
  });

  it('when a cost in dollars is typed, then cents are sent; other text is refused', () => {
    expect(dollarsToCents('4.99')).toBe(499);
    expect(dollarsToCents('0')).toBe(0);
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('-1')).toBe('invalid');
    const r = validateProjectForm(filled({ costDollars: '12.5' }), { storedPaths: [] });
    expect(r.input?.cost).toBe(1250);
  });

  it('when picked files break a rule, then the problem; a repeated path replaces the earlier pick', () => {
    expect(addPickedFiles([], [file('big.png', MAX_FILE_BYTES + 1)], []).problem).toEqual({
      title: 'File too large',
      description: 'big.png is larger than 5MB',
    });
    const stored = Array.from({ length: 20 }, (_, i) => `f${i}.js`);
    expect(addPickedFiles([], [file('new.js')], stored).problem?.title).toBe('Too many files');
    const first = addPickedFiles([], [file('a.js')], []).files!;
    expect(addPickedFiles(first, [file('a.js')], []).files).toHaveLength(1);
  });
});
