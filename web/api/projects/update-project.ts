import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProject, TProjectInput } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';
import { invalidateProjectQueries } from './invalidate-projects';

export const updateProject = ({ id, input }: { id: number; input: TProjectInput }) =>
  apiJson<TProject>('PUT', `/api/projects/${id}`, input);

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: () => invalidateProjectQueries(queryClient),
  });
}
