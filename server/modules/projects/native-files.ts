import { randomBytes } from 'node:crypto';
import { MAX_FILE_BYTES } from '@shared/constants';
import {
  checkNativeFiles,
  fileProblemMessage,
  fileProblems,
  NATIVE_FILE_MIME,
  PROJECT_MESSAGES,
  nativeFileExtension,
  nativeFilePath,
  type FileProblem,
  type NativeFileExtension,
} from '@shared/schemas/project';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { matchesExtension } from '../../storage/detect-native-file';
import type { FileStorage } from '../../storage/file-storage';
import { listProjectFiles, lockProject, upsertProjectFile } from './projects.repository';

/** A file as multer hands it over (memory storage, the client's relative path kept). */
export type IncomingFile = { originalname: string; buffer: Buffer; size: number };

export type PreparedFile = { path: string; ext: NativeFileExtension; mimeType: string; data: Buffer };

export function fileProblemError(problem: FileProblem): AppError {
  const message = fileProblemMessage(problem);
  return problem.title === 'File too large' ? AppError.tooLarge(message) : AppError.validation(message);
}

/** The storage folder of one project's files; removed whole when the project is deleted. */
export const projectStoragePrefix = (projectId: number) => `projects/${projectId}`;

/**
 * Checks names, sizes and then the bytes of each file (images and fonts by magic bytes, the text types
 * by being text). Several files with one path: the last one wins, as it would on disk.
 */
export async function prepareNativeFiles(files: readonly IncomingFile[]): Promise<PreparedFile[]> {
  const problem = checkNativeFiles(files.map((f) => ({ name: f.originalname, size: f.size })));
  if (problem) throw fileProblemError(problem);
  const byPath = new Map<string, PreparedFile>();
  for (const f of files) {
    const path = nativeFilePath(f.originalname)!;
    const ext = nativeFileExtension(path)!;
    if (f.size > MAX_FILE_BYTES) throw fileProblemError(fileProblems.tooLarge(f.originalname));
    if (!(await matchesExtension(ext, f.buffer))) throw fileProblemError(fileProblems.invalidType(f.originalname));
    byPath.set(path, { path, ext, mimeType: NATIVE_FILE_MIME[ext], data: f.buffer });
  }
  return [...byPath.values()];
}

/**
 * Stores prepared files for a project. The bytes are written first, under fresh keys and outside any
 * transaction (a slow disk must not hold the project's row lock, nor block the embedded database, for
 * the whole upload); then one short transaction takes the project's row lock, so the 20-file cap counts
 * every file stored before, also under concurrent uploads, and records the files. A replaced file's old
 * bytes are removed only after the commit; the new bytes are removed again when the transaction fails.
 */
export async function storeNativeFiles(
  deps: { db: Db; storage: FileStorage },
  files: readonly PreparedFile[],
  project: number | ((tx: Tx) => Promise<number>),
): Promise<number> {
  const staged: { file: PreparedFile; key: string }[] = [];
  let replaced: string[] = [];
  let projectId: number;
  try {
    // A project created in the same call has no id yet: its bytes go under a staging prefix.
    const prefix = typeof project === 'number' ? projectStoragePrefix(project) : 'projects/staging';
    for (const f of files) {
      const key = `${prefix}/${randomBytes(16).toString('hex')}.${f.ext}`;
      await deps.storage.put(key, f.data);
      staged.push({ file: f, key });
    }
    projectId = await deps.db.transaction(async (tx) => {
      const id = typeof project === 'number' ? project : await project(tx);
      if (!(await lockProject(tx, id))) throw AppError.notFound(PROJECT_MESSAGES.notFound);
      const stored = await listProjectFiles(tx, id);
      const problem = checkNativeFiles(
        files.map((f) => ({ name: f.path, size: f.data.length })),
        stored.map((s) => s.path),
      );
      if (problem) throw fileProblemError(problem);
      const keyOf = new Map(stored.map((s) => [s.path, s.storageKey]));
      replaced = files.map((f) => keyOf.get(f.path)).filter((k): k is string => !!k);
      for (const { file: f, key } of staged) {
        await upsertProjectFile(tx, { projectId: id, path: f.path, mimeType: f.mimeType, size: f.data.length, storageKey: key });
      }
      return id;
    });
  } catch (err) {
    await Promise.all(staged.map(({ key }) => deps.storage.delete(key).catch(() => undefined)));
    throw err;
  }
  await Promise.all(replaced.map((k) => deps.storage.delete(k).catch(() => undefined)));
  return projectId;
}
