import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as electron from 'electron';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_FILE_BYTES, MAX_PROJECT_FILES } from '../../shared/desktop/desktop-api';
import type { FakeElectron } from '../test/fake-electron';
import { mimeTypeOf, pickProjectFiles, readDiskFiles, walkFolder } from './pick-files';

vi.mock('electron', async () => (await import('../test/fake-electron')).createFakeElectron());

const fake = electron as unknown as FakeElectron;
let dir: string;
const site = () => join(dir, 'site');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'buildboard-pick-'));
  await mkdir(join(site(), 'css', 'deep'), { recursive: true });
  await mkdir(join(site(), '.git'), { recursive: true });
  await writeFile(join(site(), 'index.html'), '<h1>hi</h1>');
  await writeFile(join(site(), 'css', 'app.css'), 'body{}');
  await writeFile(join(site(), 'css', 'deep', 'x.js'), '1');
  await writeFile(join(site(), '.DS_Store'), 'junk');
  await writeFile(join(site(), '.git', 'HEAD'), 'ref');
  await symlink('/etc/passwd', join(site(), 'passwd.html'));
  await mkdir(join(dir, 'many'));
  for (let i = 0; i < MAX_PROJECT_FILES + 5; i++) await writeFile(join(dir, 'many', `f${String(i).padStart(2, '0')}.js`), '1');
  await writeFile(join(dir, 'big.js'), Buffer.alloc(MAX_FILE_BYTES + 1));
  await writeFile(join(dir, 'notes.exe'), 'MZ');
});
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(() => vi.clearAllMocks());

describe('walkFolder', () => {
  it('when walking a folder, then relative paths are kept and hidden entries and links are skipped', async () => {
    const found = await walkFolder(site());
    expect(found.map((f) => f.path)).toEqual(['css/app.css', 'css/deep/x.js', 'index.html']);
    expect(found.find((f) => f.path === 'index.html')?.size).toBe(11);
  });

  it('when a folder has more files than allowed, then the walk stops one past the limit', async () => {
    expect(await walkFolder(join(dir, 'many'))).toHaveLength(MAX_PROJECT_FILES + 1);
  });
});

describe('readDiskFiles', () => {
  it('when a file is over the size limit, then its bytes are not read', async () => {
    const [big] = await readDiskFiles([{ absolute: join(dir, 'big.js'), path: 'big.js', size: MAX_FILE_BYTES + 1 }]);
    expect(big).toEqual({ path: 'big.js', size: MAX_FILE_BYTES + 1, type: 'text/javascript', data: null });
  });

  it('when a pick has too many files, then no bytes are read', async () => {
    const files = await readDiskFiles(await walkFolder(join(dir, 'many')));
    expect(files.every((f) => f.data === null)).toBe(true);
  });

  it('when a pick can pass, then every file comes with its bytes and type', async () => {
    const files = await readDiskFiles(await walkFolder(site()));
    expect(files.map((f) => [f.path, f.type])).toEqual([
      ['css/app.css', 'text/css'],
      ['css/deep/x.js', 'text/javascript'],
      ['index.html', 'text/html'],
    ]);
    expect(new TextDecoder().decode(files[2]?.data ?? undefined)).toBe('<h1>hi</h1>');
  });
});

describe('mimeTypeOf', () => {
  it('when the extension is a native file type, then its type; else empty', () => {
    expect(mimeTypeOf('a/b.PNG')).toBe('image/png');
    expect(mimeTypeOf('tool.exe')).toBe('');
  });
});

describe('pickProjectFiles', () => {
  it('when a folder is chosen, then it opens a folder dialog and walks it', async () => {
    fake.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [site()] });
    const files = await pickProjectFiles(null, { kind: 'folder' });
    expect(fake.dialog.showOpenDialog).toHaveBeenCalledWith(expect.objectContaining({ properties: ['openDirectory'] }));
    expect(files.map((f) => f.path)).toContain('css/app.css');
  });

  it('when files are chosen, then they come back by name, even of a type the UI will refuse', async () => {
    fake.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [join(site(), 'index.html'), join(dir, 'notes.exe')] });
    const files = await pickProjectFiles(null, { kind: 'files' });
    expect(fake.dialog.showOpenDialog).toHaveBeenCalledWith(
      expect.objectContaining({ properties: ['openFile', 'multiSelections'] }),
    );
    expect(files.map((f) => [f.path, f.type, f.data !== null])).toEqual([
      ['index.html', 'text/html', true],
      ['notes.exe', '', true],
    ]);
  });

  it('when a chosen path is not a file, then it fails', async () => {
    fake.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [site()] });
    await expect(pickProjectFiles(null, { kind: 'files' })).rejects.toThrow('site is not a file.');
  });

  it('when cancelled, then no files', async () => {
    await expect(pickProjectFiles(null, { kind: 'folder' })).resolves.toEqual([]);
  });
});
