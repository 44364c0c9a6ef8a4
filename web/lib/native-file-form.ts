// The multipart field of a native project's files, shared by the uploads (web/api) and the draft publishes
// that carry files kept on this device (web/offline).
/** A file picked for native hosting with the relative path it is stored under ("css/app.css"). */
export type PickedFile = { file: File; path: string };

export const PROJECT_FILES_FIELD = 'projectFiles';

export function appendPickedFiles(form: FormData, files: readonly PickedFile[]): void {
  for (const f of files) form.append(PROJECT_FILES_FIELD, f.file, f.path);
}
