// The folders linked so far, kept by main in the user data folder: the page only ever holds an opaque
// id, so a script in the page cannot name a path to read.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { FOLDER_LINK_ID } from '../../../shared/desktop/folder-link';

export const FOLDER_LINKS_FILE = 'folder-links.json';

export class FolderLinkStore {
  private readonly links = new Map<string, string>();

  constructor(private readonly file: string) {
    try {
      const saved: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (typeof saved === 'object' && saved !== null) {
        for (const [id, path] of Object.entries(saved)) if (FOLDER_LINK_ID.test(id) && typeof path === 'string') this.links.set(id, path);
      }
    } catch {
      // No links yet (or an unreadable file): start empty.
    }
  }

  /** The folder of a link, or null when the id is unknown. */
  folderOf(linkId: string): string | null {
    return this.links.get(linkId) ?? null;
  }

  async add(folder: string): Promise<string> {
    const id = randomBytes(16).toString('hex');
    this.links.set(id, folder);
    await this.save();
    return id;
  }

  async remove(linkId: string): Promise<void> {
    if (this.links.delete(linkId)) await this.save();
  }

  private async save(): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    await writeFile(this.file, `${JSON.stringify(Object.fromEntries(this.links), null, 2)}\n`, { mode: 0o600 });
  }
}
