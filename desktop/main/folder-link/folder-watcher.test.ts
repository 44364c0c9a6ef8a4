import { mkdir, mkdtemp, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FolderWatcher } from './folder-watcher';

let root: string;
let watcher: FolderWatcher;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'bb-watch-'));
  await mkdir(join(root, 'js'));
  await writeFile(join(root, 'index.html'), 'one');
  watcher = new FolderWatcher(50);
});
afterEach(async () => {
  watcher.close();
  await rm(root, { recursive: true, force: true });
});

const settled = () => new Promise((r) => setTimeout(r, 300));

describe('FolderWatcher on a real folder', () => {
  it('when a file is created, changed, renamed or deleted (also in a subfolder), then the page hears of each burst once', async () => {
    const onChange = vi.fn();
    watcher.watch('link', root, onChange);
    await settled();
    await writeFile(join(root, 'js', 'app.js'), '1');
    await expect.poll(() => onChange.mock.calls.length).toBe(1);
    await writeFile(join(root, 'index.html'), 'two');
    await writeFile(join(root, 'index.html'), 'three');
    await expect.poll(() => onChange.mock.calls.length).toBe(2);
    await settled();
    expect(onChange).toHaveBeenCalledTimes(2); // one burst, one call
    await rename(join(root, 'js', 'app.js'), join(root, 'js', 'main.js'));
    await expect.poll(() => onChange.mock.calls.length).toBe(3);
    await unlink(join(root, 'js', 'main.js'));
    await expect.poll(() => onChange.mock.calls.length).toBe(4);
  });

  it('when unwatched, then changes are no longer reported', async () => {
    const onChange = vi.fn();
    watcher.watch('link', root, onChange);
    expect(watcher.isWatching('link')).toBe(true);
    watcher.unwatch('link');
    expect(watcher.isWatching('link')).toBe(false);
    await writeFile(join(root, 'index.html'), 'changed');
    await settled();
    expect(onChange).not.toHaveBeenCalled();
  });
});
