/** A file picked for native hosting with the relative path it is stored under ("css/app.css"). */
export type PickedFile = { file: File; path: string };

export const PROJECT_FILES_FIELD = 'projectFiles';

export function appendPickedFiles(form: FormData, files: readonly PickedFile[]): void {
  for (const f of files) form.append(PROJECT_FILES_FIELD, f.file, f.path);
}
