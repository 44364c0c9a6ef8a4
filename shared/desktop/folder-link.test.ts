import { describe, expect, it } from 'vitest';
import { describeChanges, diffFolder, skippedMessage } from './folder-link';

const f = (path: string, hash: string) => ({ path, size: 1, hash });

describe('folder changes', () => {
  it('when files change, appear and go, then the message names them in that order', () => {
    const diff = diffFolder([f('index.html', 'a'), f('app.js', 'b'), f('old.css', 'c')], [f('index.html', 'A'), f('app.js', 'B'), f('logo.png', 'd')]);
    expect(diff).toEqual({ changed: ['index.html', 'app.js'], added: ['logo.png'], removed: ['old.css'] });
    expect(describeChanges(diff)).toBe('4 files changed on disk: index.html, app.js, +logo.png, -old.css');
  });

  it('when nothing changed, then there is no message; one file is singular', () => {
    expect(describeChanges(diffFolder([f('a.js', '1')], [f('a.js', '1')]))).toBeNull();
    expect(describeChanges(diffFolder([], [f('a.js', '1')]))).toBe('1 file changed on disk: +a.js');
  });

  it('when a file is skipped, then the message says why with the upload limits', () => {
    expect(skippedMessage({ path: 'big.png', reason: 'tooLarge' })).toBe('big.png skipped: larger than 5MB');
    expect(skippedMessage({ path: 'f20.js', reason: 'tooMany' })).toBe('f20.js skipped: more than 20 files');
    expect(skippedMessage({ path: 'setup.exe', reason: 'invalidType' })).toBe('setup.exe skipped: not an allowed file type');
    expect(skippedMessage({ path: 'secrets', reason: 'link' })).toBe('secrets skipped: links are not followed');
  });
});
