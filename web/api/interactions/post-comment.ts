import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TComment, TCommentRequest } from '@shared/schemas/interactions';
import { isQueued, sendWrite } from '../writes/send-write';
import { commentsQueryKey, projectQueryKey } from '@web/lib/query-keys';

export const postComment = (id: string, input: TCommentRequest) =>
  sendWrite<TComment>({ kind: 'comment', projectId: id, input });

export function usePostComment(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TCommentRequest) => postComment(id, input),
    networkMode: 'always',
    onSuccess: async (answer) => {
      if (isQueued(answer)) return; // shown from the outbox as a pending comment
      await Promise.all([
        qc.invalidateQueries({ queryKey: commentsQueryKey(id), exact: true }),
        qc.invalidateQueries({ queryKey: projectQueryKey(id), exact: true }),
      ]);
    },
  });
}
