import { z } from '@shared/zod';
import { ZAdminStatsSchema, ZAdminUserPageSchema, ZAdminUserSchema, ZAdminUsersQuerySchema, ZAuditEntrySchema, ZSuspendRequestSchema } from '@shared/schemas/admin';
import { ZProjectSchema } from '@shared/schemas/project';
import { ZUserProfileSchema } from '@shared/schemas/user';
import type { DomainDoc } from '../registry';

const id = { id: 'User id (uuid)' };
const notFound = { 404: { description: 'User not found' } };

export const adminDoc: DomainDoc = {
  tag: 'Admin',
  description: 'The admin portal: counters and user management (admins only).',
  routes: [
    { method: 'get', path: '/api/admin/stats', summary: 'Counters and tab counts', access: 'admin', responses: { 200: { description: 'Stats', schema: ZAdminStatsSchema } } },
    { method: 'get', path: '/api/admin/users', summary: 'Users, searched and filtered', access: 'admin', query: ZAdminUsersQuerySchema, responses: { 200: { description: 'A page of users', schema: ZAdminUserPageSchema } } },
    { method: 'get', path: '/api/admin/users/{id}', summary: "A user's profile", access: 'admin', params: id, responses: { 200: { description: 'The profile', schema: ZUserProfileSchema.extend({ projectCount: z.number().int() }) }, ...notFound } },
    { method: 'get', path: '/api/admin/users/{id}/projects', summary: "A user's projects", access: 'admin', params: id, responses: { 200: { description: 'Projects', schema: z.array(ZProjectSchema) }, ...notFound } },
    { method: 'get', path: '/api/admin/users/{id}/audit', summary: "Admin actions on a user", access: 'admin', params: id, responses: { 200: { description: 'Audit entries', schema: z.array(ZAuditEntrySchema) }, ...notFound } },
    { method: 'post', path: '/api/admin/users/{id}/suspend', summary: 'Suspend a user', access: 'admin', params: id, body: ZSuspendRequestSchema, responses: { 200: { description: 'The user', schema: ZAdminUserSchema }, ...notFound, 409: { description: 'Not allowed (yourself, or the last active admin)' } } },
    { method: 'post', path: '/api/admin/users/{id}/unsuspend', summary: 'Unsuspend a user', access: 'admin', params: id, responses: { 200: { description: 'The user', schema: ZAdminUserSchema }, ...notFound } },
    { method: 'delete', path: '/api/admin/users/{id}', summary: 'Delete a user and their content', access: 'admin', params: id, responses: { 204: { description: 'Deleted' }, ...notFound, 409: { description: 'Not allowed (yourself, or the last active admin)' } } },
  ],
};
