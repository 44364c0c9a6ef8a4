import { z } from '../zod';
import { ZViewSourceCountSchema } from './reach';

export const ANALYTICS_RANGES = { '7d': 7, '30d': 30, '90d': 90 } as const;
export type TAnalyticsRange = keyof typeof ANALYTICS_RANGES;

/** GET /api/analytics?range=30d[&projectId=12]: the range defaults to 30 days. */
export const ZAnalyticsQuerySchema = z.object({
  range: z.enum(['7d', '30d', '90d'], { error: 'range must be 7d, 30d or 90d' }).default('30d'),
  projectId: z.coerce.number({ error: 'projectId must be a number' }).int().positive().max(2_147_483_647).optional(),
});
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuerySchema>;

const counts = {
  views: z.number().int(),
  reactions: z.number().int(),
  saves: z.number().int(),
  comments: z.number().int(),
  shares: z.number().int(),
  ratings: z.number().int(),
  /** Average of the ratings given in the period (0 when none). */
  averageRating: z.number(),
};

export const ZAnalyticsDaySchema = z.object({ date: z.string(), ...counts });
export type TAnalyticsDay = z.infer<typeof ZAnalyticsDaySchema>;

export const ZAnalyticsProjectSchema = z.object({ id: z.number().int(), title: z.string(), ...counts });
export type TAnalyticsProject = z.infer<typeof ZAnalyticsProjectSchema>;

export const ZAnalyticsSchema = z.object({
  range: z.enum(['7d', '30d', '90d']),
  projectId: z.number().int().nullable(),
  /** One entry per UTC day of the range, oldest first, zeros included. */
  days: z.array(ZAnalyticsDaySchema),
  totals: z.object(counts),
  /** The creator's projects, most viewed in the range first. */
  projects: z.array(ZAnalyticsProjectSchema),
  /** Where the range's views came from (of the project when one is chosen), most first. */
  sources: z.array(ZViewSourceCountSchema),
});
export type TAnalytics = z.infer<typeof ZAnalyticsSchema>;
