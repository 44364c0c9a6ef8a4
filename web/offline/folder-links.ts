// Drafts and hosted projects that follow a folder on disk (desktop). What was last taken from the folder
// is kept on this device with the link; the files themselves are kept beside the draft's (draft-files),
// so taking changes works offline and the publish sends them once online.
import { useSyncExternalStore } from 'react';
import type { FolderEntry, FolderScan } from '@shared/desktop/folder-link';
import type { PickedFile } from '@web/lib/native-file-form';
import { platform } from '@web/platform';
import { dropDraftFiles, keepDraftFiles } from './draft-files';

/** A draft (by its id) or a published project (by its id). */
export type LinkTarget = `draft:${string}` | `project:${number}`;

export type FolderLink = {
  linkId: string;
  /** The folder's name, shown; its path stays in the desktop app's main process. */
  name: string;
  /** Take every change as soon as it is seen. */
  auto: boolean;
  /** The folder's files as last taken. */
  taken: FolderEntry[];
  /** A project's taken files wait on this device for "Publish new version". */
  pending: boolean;
};

const STORAGE_KEY = 'bb-folder-links';
// Absent outside a browser (the local store also runs in Node, where sign-out still wipes this).
const storage = (): Storage | undefined => (globalThis as { localStorage?: Storage }).localStorage;
const listeners = new Set<() => void>();
let cache: Record<string, FolderLink> | null = null;

function all(): Record<string, FolderLink> {
  if (cache) return cache;
  try {
    cache = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '{}') as Record<string, FolderLink>;
  } catch {
    cache = {};
  }
  return cache;
}

function write(next: Record<string, FolderLink>): void {
  cache = next;
  storage()?.setItem(STORAGE_KEY, JSON.stringify(next));
  for (const l of listeners) l();
}

/**
 * Forgets every link on this device (sign-out, or another member signing in): the next member must not
 * see or publish the previous one's folders. The desktop app's own record of the paths stays, unreachable
 * without the link ids.
 */
export function wipeFolderLinks(): void {
  cache = {};
  storage()?.removeItem(STORAGE_KEY);
  for (const l of listeners) l();
}

export const folderLinkOf = (target: LinkTarget): FolderLink | null => all()[target] ?? null;

export function saveFolderLink(target: LinkTarget, link: FolderLink): void {
  write({ ...all(), [target]: link });
}

export async function forgetFolderLink(target: LinkTarget): Promise<void> {
  const link = folderLinkOf(target);
  if (!link) return;
  const { [target]: _gone, ...rest } = all();
  write(rest);
  if (target.startsWith('project:')) await dropDraftFiles(filesKeyOf(target));
  await platform.folderLinks?.unlink(link.linkId).catch(() => undefined);
}

/** A published draft's link goes on with its project. */
export function moveFolderLink(from: LinkTarget, to: LinkTarget): void {
  const link = folderLinkOf(from);
  if (!link) return;
  const { [from]: _moved, ...rest } = all();
  write({ ...rest, [to]: { ...link, pending: false } });
}

export function useFolderLink(target: LinkTarget): FolderLink | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => folderLinkOf(target),
  );
}

/** Where the target's files are kept on this device: a draft's own, or a project's next version. */
export const filesKeyOf = (target: LinkTarget) => (target.startsWith('draft:') ? target.slice('draft:'.length) : `version-${target.slice('project:'.length)}`);

/** Takes the folder's files as they are now into the draft (or the project's next version). */
export async function takeFolderFiles(target: LinkTarget, scan: FolderScan): Promise<void> {
  const link = folderLinkOf(target);
  if (!link || !platform.folderLinks) return;
  const disk = await platform.folderLinks.read(link.linkId, scan.files.map((f) => f.path));
  const files: PickedFile[] = disk.flatMap((f) => (f.file ? [{ file: f.file, path: f.path }] : []));
  await keepDraftFiles(filesKeyOf(target), files);
  saveFolderLink(target, { ...link, taken: scan.files, pending: target.startsWith('project:') });
}

/** After a publish of the project's taken files. */
export async function versionPublished(projectId: number): Promise<void> {
  const target: LinkTarget = `project:${projectId}`;
  await dropDraftFiles(filesKeyOf(target));
  const link = folderLinkOf(target);
  if (link) saveFolderLink(target, { ...link, pending: false });
}
