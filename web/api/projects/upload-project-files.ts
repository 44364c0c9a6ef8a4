import type { TProjectFile } from '@shared/schemas/project';
import { appendPickedFiles, type PickedFile } from '@web/lib/native-file-form';
import { sendWithProgress } from './send-with-progress';

export type UploadProjectFilesArgs = { id: number; files: PickedFile[]; onProgress?: (fraction: number) => void };

/** Adds files to a native project or replaces those with the same path. */
export function uploadProjectFiles({ id, files, onProgress }: UploadProjectFilesArgs) {
  const form = new FormData();
  appendPickedFiles(form, files);
  return sendWithProgress<{ files: TProjectFile[] }>('POST', `/api/projects/${id}/upload-files`, form, onProgress);
}

