import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProject, TProjectInput } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';
import { invalidateProjectQueries } from './invalidate-projects';
import { appendPickedFiles, type PickedFile } from '@web/lib/native-file-form';
import { sendWithProgress } from './send-with-progress';

export type CreateProjectArgs = { input: TProjectInput; files: PickedFile[]; onProgress?: (fraction: number) => void };

/** POST /api/projects: JSON, or for native hosting one multipart request with the project and its files. */
export function createProject({ input, files, onProgress }: CreateProjectArgs): Promise<TProject> {
  if (input.hostingType !== 'native') return apiJson<TProject>('POST', '/api/projects', input);
  const form = new FormData();
  form.append('project', JSON.stringify(input));
  appendPickedFiles(form, files);
  return sendWithProgress<TProject>('POST', '/api/projects', form, onProgress);
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => invalidateProjectQueries(queryClient),
  });
}
