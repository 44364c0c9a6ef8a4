import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { parseFileProblem } from '@shared/schemas/project';
import { ApiError } from '@web/lib/api-client';
import { invalidateProjectQueries } from '@web/api/projects/invalidate-projects';
import type { PickedFile } from '@web/lib/native-file-form';
import { uploadProjectFiles } from '@web/api/projects/upload-project-files';

/** The upload state of one picked file, shown as its own progress bar. */
type FileUpload = { fraction: number; status: 'waiting' | 'uploading' | 'done' | 'failed'; error?: string };
export type FileUploads = Record<string, FileUpload>;

/**
 * Each file's share of one multipart request's progress: the files travel in order, so the bytes sent
 * so far fill them one after the other (approximately: the multipart framing is not counted).
 */
export function perFileProgress(files: readonly PickedFile[], fraction: number): FileUploads {
  const total = files.reduce((sum, f) => sum + f.file.size, 0);
  let sent = fraction * total;
  const out: FileUploads = {};
  for (const f of files) {
    const size = f.file.size;
    const part = size === 0 ? (fraction >= 1 ? 1 : 0) : Math.max(0, Math.min(1, sent / size));
    sent -= size;
    out[f.path] = { fraction: part, status: part >= 1 ? 'done' : part > 0 ? 'uploading' : 'waiting' };
  }
  return out;
}

/** The text of a failed upload: the server's file problem ("x.png is larger than 5MB") or its message. */
export function uploadErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    const message = err.serverMessage;
    const problem = message ? parseFileProblem(message) : null;
    if (problem) return `${problem.title}: ${problem.description}`;
    if (message) return message;
    return err.message;
  }
  return err instanceof Error ? err.message : 'Upload failed';
}

/**
 * Per-file upload progress for the project dialog. A new project sends its files with the project in
 * one request (progress split per file); files added to an existing project go one request per file, so
 * one that fails can be retried alone while the others stay uploaded.
 */
export function useFileUploads() {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<FileUploads>({});
  const setOne = (path: string, upload: FileUpload) => setUploads((u) => ({ ...u, [path]: upload }));

  const sendOne = useCallback(
    async (projectId: number, file: PickedFile, onFraction?: (fraction: number) => void): Promise<string | null> => {
      setOne(file.path, { fraction: 0, status: 'uploading' });
      try {
        await uploadProjectFiles({
          id: projectId,
          files: [file],
          onProgress: (fraction) => {
            setOne(file.path, { fraction, status: 'uploading' });
            onFraction?.(fraction);
          },
        });
        setOne(file.path, { fraction: 1, status: 'done' });
        return null;
      } catch (err) {
        const error = uploadErrorText(err);
        setOne(file.path, { fraction: 0, status: 'failed', error });
        return error;
      }
    },
    [],
  );

  /** Uploads the files one by one; answers the ones that failed with why (the others are stored). */
  const uploadEach = useCallback(
    async (
      projectId: number,
      files: readonly PickedFile[],
      onTotal: (fraction: number) => void,
    ): Promise<{ file: PickedFile; error: string }[]> => {
      setUploads(Object.fromEntries(files.map((f) => [f.path, { fraction: 0, status: 'waiting' } satisfies FileUpload])));
      const total = files.reduce((sum, f) => sum + f.file.size, 0) || 1;
      let done = 0;
      const failed: { file: PickedFile; error: string }[] = [];
      for (const f of files) {
        const error = await sendOne(projectId, f, (fraction) => onTotal((done + fraction * f.file.size) / total));
        done += f.file.size;
        onTotal(done / total);
        if (error !== null) failed.push({ file: f, error });
      }
      await invalidateProjectQueries(queryClient);
      return failed;
    },
    [queryClient, sendOne],
  );

  /** Sends one file again; true when it is now stored. */
  const retry = useCallback(
    async (projectId: number, file: PickedFile): Promise<boolean> => {
      const error = await sendOne(projectId, file);
      await invalidateProjectQueries(queryClient);
      return error === null;
    },
    [queryClient, sendOne],
  );

  return {
    uploads,
    /** Shows a combined request's progress per file. */
    trackCombined: (files: readonly PickedFile[], fraction: number) => setUploads(perFileProgress(files, fraction)),
    uploadEach,
    retry,
    reset: () => setUploads({}),
  };
}
