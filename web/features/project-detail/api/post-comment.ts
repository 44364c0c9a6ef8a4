import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TComment, TCommentRequest } from '@shared/schemas/interactions';
import { apiJson } from '@web/lib/api-client';
import { commentsQueryKey } from './get-comments';
import { projectQueryKey } from './get-project';

export const postComment = (id: string, input: TCommentRequest) =>
  apiJson<TComment>('POST', `/api/projects/${encodeURIComponent(id)}/comments`, input);

export function usePostComment(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TCommentRequest) => postComment(id, input),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: commentsQueryKey(id), exact: true }),
        qc.invalidateQueries({ queryKey: projectQueryKey(id), exact: true }),
      ]);
    },
  });
}
