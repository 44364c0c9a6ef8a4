import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { invalidateProjectQueries } from './invalidate-projects';

export const deleteProject = (id: number) => apiJson<null>('DELETE', `/api/projects/${id}`);

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: () => invalidateProjectQueries(queryClient),
  });
}
