import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '@shared/constants';
import { acceptDiskFiles, fileWithRelativePath } from './disk-files';
import { addPickedFiles, pickedPath } from './project-form';
import { perFileProgress, uploadErrorText } from './use-file-uploads';
import { ApiError } from '@web/lib/api-client';

const disk = (path: string, text: string | null, size = text?.length ?? 0) => ({
  path,
  size,
  file: text === null ? null : new File([text], path.split('/').pop()!),
});

describe('acceptDiskFiles', () => {
  it('when a folder passes the rules, then its files keep their relative paths in the form', () => {
    const accepted = acceptDiskFiles([disk('index.html', '<p>'), disk('css/app.css', 'a{}')]);
    expect(accepted.problem).toBeNull();
    const added = addPickedFiles([], accepted.files!, []);
    expect(added.files?.map((f) => f.path)).toEqual(['index.html', 'css/app.css']);
  });

  it.each([
    [[disk('index.html', '<p>'), disk('run.exe', 'MZ')], 'Invalid file type', 'run.exe is not an allowed file type'],
    [[disk('img/big.png', null, MAX_FILE_BYTES + 1)], 'File too large', 'img/big.png is larger than 5MB'],
    [Array.from({ length: 21 }, (_, i) => disk(`f${i}.js`, null, 1)), 'Too many files', 'Maximum 20 files allowed per project'],
  ])('when a pick breaks a rule, then the spec message', (files, title, text) => {
    const { problem } = acceptDiskFiles(files);
    expect(problem?.title).toBe(title);
    expect(problem?.description).toContain(text);
  });
});

describe('fileWithRelativePath', () => {
  it('when a file sits in a subfolder, then the form stores it under that path; a top-level file under its name', () => {
    expect(pickedPath(fileWithRelativePath(new File(['x'], 'app.css'), 'css/app.css'))).toBe('css/app.css');
    expect(pickedPath(fileWithRelativePath(new File(['x'], 'index.html'), 'index.html'))).toBe('index.html');
  });
});

describe('perFileProgress', () => {
  const picked = (path: string, size: number) => ({ path, file: new File([new Uint8Array(size)], path) });
  const files = [picked('a.js', 100), picked('b.js', 300)];

  it('when a combined request is a quarter sent, then the first file is done and the second waits', () => {
    expect(perFileProgress(files, 0.25)).toEqual({
      'a.js': { fraction: 1, status: 'done' },
      'b.js': { fraction: 0, status: 'waiting' },
    });
  });

  it('when half is sent, then the second file is a third through', () => {
    expect(perFileProgress(files, 0.5)['b.js']).toEqual({ fraction: 1 / 3, status: 'uploading' });
  });
});

describe('uploadErrorText', () => {
  it('when the server refused a file, then its problem; else its message', () => {
    expect(uploadErrorText(new ApiError(413, '{"message":"File too large: a.png is larger than 5MB"}', ''))).toBe(
      'File too large: a.png is larger than 5MB',
    );
    expect(uploadErrorText(new ApiError(503, '{"message":"Storage is busy"}', ''))).toBe('Storage is busy');
    expect(uploadErrorText(new Error('Network error'))).toBe('Network error');
  });
});
