import { RANKING_REASONS, type TRankingReason } from '../ranking-reasons';
import { z } from '../zod';

export const ZRankingReasonSchema = z.enum(RANKING_REASONS);
export type { TRankingReason };
