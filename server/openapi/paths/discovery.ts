import { z } from '@shared/zod';
import { ZRecommendedQuerySchema, ZSearchQuerySchema, ZSearchResultsSchema } from '@shared/schemas/discovery';
import { ZProjectSchema } from '@shared/schemas/project';
import type { DomainDoc } from '../registry';

export const discoveryDoc: DomainDoc = {
  tag: 'Discovery',
  description: 'Following feed, trending, recommendations and search.',
  routes: [
    { method: 'get', path: '/api/projects/following', summary: 'Projects of people I follow', access: 'member', responses: { 200: { description: 'Projects', schema: z.array(ZProjectSchema) } } },
    { method: 'get', path: '/api/projects/trending', summary: 'Top trending projects', access: 'visitor', responses: { 200: { description: 'Projects', schema: z.array(ZProjectSchema) } } },
    { method: 'get', path: '/api/projects/recommended', summary: 'Recommended for me (stable paging)', access: 'member', query: ZRecommendedQuerySchema, responses: { 200: { description: 'Projects', schema: z.array(ZProjectSchema) } } },
    { method: 'get', path: '/api/search', summary: 'Search projects, people and comments', access: 'member', query: ZSearchQuerySchema, responses: { 200: { description: 'Results', schema: ZSearchResultsSchema } } },
  ],
};
