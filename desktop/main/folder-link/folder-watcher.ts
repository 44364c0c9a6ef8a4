// Watches linked folders and tells the page when one changed (after the burst of events an editor's
// save or a build makes has settled). The page then asks for a scan; the watcher reads nothing itself.
import { watch, type FSWatcher } from 'node:fs';

export const SETTLE_MS = 250;

export class FolderWatcher {
  private readonly watching = new Map<string, { watcher: FSWatcher; timer: NodeJS.Timeout | null }>();

  constructor(private readonly settleMs = SETTLE_MS) {}

  /** Starts (or restarts) watching `root` for `key`; `onChange` runs once per settled burst. */
  watch(key: string, root: string, onChange: () => void, onError: (err: Error) => void = () => undefined): void {
    this.unwatch(key);
    const entry = { watcher: watch(root, { recursive: true, persistent: false }), timer: null as NodeJS.Timeout | null };
    entry.watcher.on('change', () => {
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = setTimeout(() => {
        entry.timer = null;
        onChange();
      }, this.settleMs);
    });
    // The folder was removed or became unreadable: stop, and say so once.
    entry.watcher.on('error', (err) => {
      this.unwatch(key);
      onError(err);
    });
    this.watching.set(key, entry);
  }

  isWatching(key: string): boolean {
    return this.watching.has(key);
  }

  unwatch(key: string): void {
    const entry = this.watching.get(key);
    if (!entry) return;
    if (entry.timer) clearTimeout(entry.timer);
    entry.watcher.close();
    this.watching.delete(key);
  }

  close(): void {
    for (const key of [...this.watching.keys()]) this.unwatch(key);
  }
}
