import { z } from '@shared/zod';
import { ZProjectSchema } from '@shared/schemas/project';
import { ZFollowResultSchema, ZFollowStatusSchema, ZProfileUpdateSchema, ZUserProfileSchema } from '@shared/schemas/user';
import type { DomainDoc } from '../registry';

const key = { handleOrId: 'A handle or a user id (UUID)' };

export const usersDoc: DomainDoc = {
  tag: 'Users',
  description: 'Profiles and follows (members only).',
  routes: [
    { method: 'patch', path: '/api/user/profile', summary: 'Update my profile', access: 'member', body: ZProfileUpdateSchema, responses: { 200: { description: 'My profile', schema: ZUserProfileSchema }, 409: { description: 'Handle taken' } } },
    { method: 'get', path: '/api/users/{handleOrId}', summary: 'A profile', access: 'member', params: key, responses: { 200: { description: 'Profile', schema: ZUserProfileSchema }, 403: { description: 'User Suspended' }, 404: { description: 'Profile not found' } } },
    { method: 'get', path: '/api/users/{handleOrId}/projects', summary: "A member's projects", access: 'member', params: key, responses: { 200: { description: 'Projects', schema: z.array(ZProjectSchema) }, 404: { description: 'Profile not found' } } },
    { method: 'get', path: '/api/users/{handleOrId}/follow-status', summary: 'Whether I follow them', access: 'member', params: key, responses: { 200: { description: 'Status', schema: ZFollowStatusSchema } } },
    { method: 'post', path: '/api/users/{handleOrId}/follow', summary: 'Follow', access: 'member', params: key, responses: { 200: { description: 'Counts', schema: ZFollowResultSchema } } },
    { method: 'post', path: '/api/users/{handleOrId}/unfollow', summary: 'Unfollow', access: 'member', params: key, responses: { 200: { description: 'Counts', schema: ZFollowResultSchema } } },
    { method: 'delete', path: '/api/users/{handleOrId}/follow', summary: 'Unfollow', access: 'member', params: key, responses: { 200: { description: 'Counts', schema: ZFollowResultSchema } } },
  ],
};
