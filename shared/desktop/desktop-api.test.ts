import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_PROJECT_FILES, checkPickedFiles, isHttpUrl } from './desktop-api';

describe('isHttpUrl', () => {
  it('when given absolute http(s) URLs, then true', () => {
    expect(isHttpUrl('http://localhost:5000/')).toBe(true);
    expect(isHttpUrl('https://github.com/x?y#z')).toBe(true);
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'mailto:a@b.c', '/projects/1', '', 'https//x'])(
    'when given %s, then false',
    (url) => expect(isHttpUrl(url)).toBe(false),
  );
});

describe('checkPickedFiles', () => {
  const f = (name: string, size = 1) => ({ name, size });

  it('when within limits, then null', () => {
    expect(checkPickedFiles([f('a.html'), f('b.PNG', MAX_FILE_BYTES)], { accept: ['html', 'png'], multiple: true })).toBeNull();
    expect(checkPickedFiles([])).toBeNull();
  });

  it('when a single pick has several files, then "Choose one file."', () => {
    expect(checkPickedFiles([f('a'), f('b')])).toBe('Choose one file.');
  });

  it('when there are too many files, then it says the limit', () => {
    const files = Array.from({ length: MAX_PROJECT_FILES + 1 }, (_, i) => f(`${i}.js`));
    expect(checkPickedFiles(files, { multiple: true })).toBe(`Choose at most ${MAX_PROJECT_FILES} files.`);
  });

  it('when a file is too big or of another type, then it names the file', () => {
    expect(checkPickedFiles([f('big.zip', MAX_FILE_BYTES + 1)])).toBe('big.zip is larger than 5 MB.');
    expect(checkPickedFiles([f('x.exe')], { accept: ['png'] })).toBe('x.exe is not an accepted file type (png).');
    expect(checkPickedFiles([f('png')], { accept: ['png'] })).toMatch(/not an accepted file type/);
  });
});
