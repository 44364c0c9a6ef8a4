import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRateResult, TUserRating } from '@shared/schemas/interactions';
import type { TProject } from '@shared/schemas/project';
import { isQueued, sendWrite } from '../writes/send-write';
import { projectQueryKey, userRatingQueryKey } from '@web/lib/query-keys';

export const rateProject = (id: string, rating: number) =>
  sendWrite<TRateResult>({ kind: 'rating', projectId: id, rating });

export function useRateProject(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) => rateProject(id, rating),
    networkMode: 'always',
    onSuccess: (answer, rating) => {
      if (isQueued(answer)) return void qc.setQueryData<TUserRating>(userRatingQueryKey(id), { rating });
      const result = answer;
      qc.setQueryData<TProject>(projectQueryKey(id), (p) =>
        p ? { ...p, averageRating: result.averageRating, ratingCount: result.ratingCount } : p,
      );
      qc.setQueryData<TUserRating>(userRatingQueryKey(id), { rating: result.rating });
    },
  });
}
