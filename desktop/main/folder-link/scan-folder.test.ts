import { mkdir, mkdtemp, rename, rm, symlink, truncate, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../../shared/constants';
import { describeChanges, diffFolder, skippedMessage } from '../../../shared/desktop/folder-link';
import { readFolderFiles, scanFolder } from './scan-folder';

let base: string;
let root: string;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'bb-scan-'));
  root = join(base, 'site');
  await mkdir(join(root, 'css'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<h1>One</h1>');
  await writeFile(join(root, 'app.js'), 'console.log(1)');
  await writeFile(join(root, 'css', 'style.css'), 'h1{}');
});
afterEach(() => rm(base, { recursive: true, force: true }));

const paths = async () => (await scanFolder(root)).files.map((f) => f.path);

describe('scanFolder against a real folder', () => {
  it('when files are created, changed, deleted and renamed, then the diff names each', async () => {
    const before = (await scanFolder(root)).files;
    expect(before.map((f) => f.path)).toEqual(['app.js', 'css/style.css', 'index.html']);

    await writeFile(join(root, 'index.html'), '<h1>Two</h1>'); // changed, same size
    await writeFile(join(root, 'logo.svg'), '<svg/>'); // created
    await unlink(join(root, 'app.js')); // deleted
    await rename(join(root, 'css', 'style.css'), join(root, 'css', 'main.css')); // renamed
    const after = (await scanFolder(root)).files;
    const diff = diffFolder(before, after);
    expect(diff).toEqual({ changed: ['index.html'], added: ['css/main.css', 'logo.svg'], removed: ['app.js', 'css/style.css'] });
    expect(describeChanges(diff)).toBe('5 files changed on disk: index.html, +css/main.css, +logo.svg, -app.js, -css/style.css');
  });

  it('when a symlink points out of the folder, then it is skipped and nothing outside is read', async () => {
    await writeFile(join(base, 'secret.js'), 'the secret');
    await mkdir(join(base, 'outside'));
    await writeFile(join(base, 'outside', 'leak.js'), 'leak');
    await symlink(join(base, 'secret.js'), join(root, 'secret.js'));
    await symlink(join(base, 'outside'), join(root, 'outside'), 'dir');
    const scan = await scanFolder(root);
    expect(scan.files.map((f) => f.path)).toEqual(['app.js', 'css/style.css', 'index.html']);
    expect(scan.skipped.map(skippedMessage)).toEqual(['outside skipped: links are not followed', 'secret.js skipped: links are not followed']);
    const read = await readFolderFiles(root, ['secret.js', 'outside/leak.js', '../secret.js', 'index.html']);
    expect(read.map((f) => f.path)).toEqual(['index.html']);
  });

  it('when a file is over the size limit or of a type that cannot be hosted, then it is skipped with why', async () => {
    await writeFile(join(root, 'big.png'), '');
    await truncate(join(root, 'big.png'), MAX_FILE_BYTES + 1);
    await writeFile(join(root, 'exact.js'), '');
    await truncate(join(root, 'exact.js'), MAX_FILE_BYTES);
    await writeFile(join(root, 'setup.exe'), 'MZ');
    const scan = await scanFolder(root);
    expect(scan.files.map((f) => f.path)).toContain('exact.js');
    expect(scan.skipped.map(skippedMessage)).toEqual(['big.png skipped: larger than 5MB', 'setup.exe skipped: not an allowed file type']);
    expect(await readFolderFiles(root, ['big.png'])).toEqual([]);
  });

  it('when there are dot-folders and node_modules, then they are ignored without a word', async () => {
    await mkdir(join(root, '.git'));
    await writeFile(join(root, '.git', 'config.js'), 'x');
    await writeFile(join(root, '.env.js'), 'x');
    await mkdir(join(root, 'node_modules', 'dep'), { recursive: true });
    await writeFile(join(root, 'node_modules', 'dep', 'index.js'), 'x');
    expect(await paths()).toEqual(['app.js', 'css/style.css', 'index.html']);
    expect((await scanFolder(root)).skipped).toEqual([]);
  });

  it('when the folder holds more files than a project may, then the ones past the limit are skipped, never index.html', async () => {
    for (let i = 0; i < 20; i++) await writeFile(join(root, `f${String(i).padStart(2, '0')}.js`), `${i}`);
    const scan = await scanFolder(root);
    expect(scan.files).toHaveLength(20);
    expect(scan.files.map((f) => f.path)).toContain('index.html');
    expect(scan.skipped.map(skippedMessage)).toEqual([
      'f17.js skipped: more than 20 files',
      'f18.js skipped: more than 20 files',
      'f19.js skipped: more than 20 files',
    ]);
  });

  it('when files are read, then their bytes and types come back for the asked paths only', async () => {
    const read = await readFolderFiles(root, ['css/style.css', 'index.html']);
    expect(read.map((f) => [f.path, f.type, new TextDecoder().decode(f.data!)])).toEqual([
      ['css/style.css', 'text/css', 'h1{}'],
      ['index.html', 'text/html', '<h1>One</h1>'],
    ]);
  });
});
