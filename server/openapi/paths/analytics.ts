import { ZAnalyticsQuerySchema, ZAnalyticsSchema } from '@shared/schemas/analytics';
import type { DomainDoc } from '../registry';

export const analyticsDoc: DomainDoc = {
  tag: 'Analytics',
  description: "Daily activity on my projects.",
  routes: [
    { method: 'get', path: '/api/analytics', summary: 'Views, likes, saves, comments and ratings of my projects', access: 'member', query: ZAnalyticsQuerySchema, responses: { 200: { description: 'Analytics', schema: ZAnalyticsSchema } } },
  ],
};
