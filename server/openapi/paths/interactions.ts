import { z } from '@shared/zod';
import {
  ZCommentRequestSchema,
  ZCommentSchema,
  ZInteractionsSchema,
  ZRateRequestSchema,
  ZRateResultSchema,
  ZReactRequestSchema,
  ZReactResultSchema,
  ZRecommendedProjectSchema,
  ZSaveResultSchema,
  ZShareResultSchema,
  ZUserRatingSchema,
} from '@shared/schemas/interactions';
import { ZProjectSchema } from '@shared/schemas/project';
import type { DomainDoc } from '../registry';

const id = { id: 'Project id (integer)' };

export const interactionsDoc: DomainDoc = {
  tag: 'Interactions',
  description: 'Comments, reactions, saves, ratings and shares of a project.',
  routes: [
    { method: 'get', path: '/api/projects/{id}/comments', summary: 'Comments, newest first', access: 'visitor', params: id, responses: { 200: { description: 'Comments', schema: z.array(ZCommentSchema) } } },
    { method: 'post', path: '/api/projects/{id}/comments', summary: 'Comment', access: 'member', params: id, body: ZCommentRequestSchema, responses: { 201: { description: 'The comment', schema: ZCommentSchema } } },
    { method: 'get', path: '/api/projects/{id}/interactions', summary: 'My interactions with a project', access: 'member', params: id, responses: { 200: { description: 'Interactions', schema: ZInteractionsSchema } } },
    { method: 'get', path: '/api/projects/{id}/user-rating', summary: 'My rating', access: 'member', params: id, responses: { 200: { description: 'Rating', schema: ZUserRatingSchema } } },
    { method: 'get', path: '/api/projects/{id}/recommended', summary: 'Related projects', access: 'visitor', params: id, responses: { 200: { description: 'Projects', schema: z.array(ZRecommendedProjectSchema) } } },
    { method: 'post', path: '/api/projects/{id}/react', summary: 'Like', access: 'member', params: id, body: ZReactRequestSchema, responses: { 200: { description: 'Result', schema: ZReactResultSchema } } },
    { method: 'delete', path: '/api/projects/{id}/react', summary: 'Unlike', access: 'member', params: id, responses: { 200: { description: 'Result', schema: ZReactResultSchema } } },
    { method: 'post', path: '/api/projects/{id}/save', summary: 'Save', access: 'member', params: id, responses: { 200: { description: 'Result', schema: ZSaveResultSchema } } },
    { method: 'delete', path: '/api/projects/{id}/save', summary: 'Unsave', access: 'member', params: id, responses: { 200: { description: 'Result', schema: ZSaveResultSchema } } },
    { method: 'post', path: '/api/projects/{id}/rate', summary: 'Rate 1 to 5', access: 'member', params: id, body: ZRateRequestSchema, responses: { 200: { description: 'Result', schema: ZRateResultSchema } } },
    { method: 'post', path: '/api/projects/{id}/share', summary: 'Share', access: 'member', params: id, responses: { 200: { description: 'Result', schema: ZShareResultSchema } } },
    { method: 'get', path: '/api/user/saved-projects', summary: 'My saved projects', access: 'member', responses: { 200: { description: 'Projects', schema: z.array(ZProjectSchema) } } },
  ],
};
