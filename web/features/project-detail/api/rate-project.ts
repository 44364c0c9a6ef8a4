import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRateResult, TUserRating } from '@shared/schemas/interactions';
import type { TProject } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';
import { projectQueryKey } from './get-project';
import { userRatingQueryKey } from './get-user-rating';

export const rateProject = (id: string, rating: number) =>
  apiJson<TRateResult>('POST', `/api/projects/${encodeURIComponent(id)}/rate`, { rating });

export function useRateProject(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) => rateProject(id, rating),
    onSuccess: (result) => {
      qc.setQueryData<TProject>(projectQueryKey(id), (p) =>
        p ? { ...p, averageRating: result.averageRating, ratingCount: result.ratingCount } : p,
      );
      qc.setQueryData<TUserRating>(userRatingQueryKey(id), { rating: result.rating });
    },
  });
}
