import { z } from '@shared/zod';
import { ZBlogPostInputSchema, ZBlogPostSchema, ZPagingSchema } from '@shared/schemas/admin';
import type { DomainDoc } from '../registry';

const id = { id: 'Blog post id (integer)' };

export const blogDoc: DomainDoc = {
  tag: 'Blog',
  description: 'The blog: read by everyone, written by admins.',
  routes: [
    { method: 'get', path: '/api/blog', summary: 'Posts, newest first', access: 'visitor', query: ZPagingSchema, responses: { 200: { description: 'Posts', schema: z.array(ZBlogPostSchema) } } },
    { method: 'get', path: '/api/blog/{slug}', summary: 'A post', access: 'visitor', params: { slug: 'The post slug' }, responses: { 200: { description: 'The post', schema: ZBlogPostSchema }, 404: { description: 'Not found' } } },
    { method: 'post', path: '/api/admin/blog', summary: 'Publish a post', access: 'admin', body: ZBlogPostInputSchema, responses: { 201: { description: 'The post', schema: ZBlogPostSchema }, 409: { description: 'Slug taken' } } },
    { method: 'put', path: '/api/admin/blog/{id}', summary: 'Edit a post', access: 'admin', params: id, body: ZBlogPostInputSchema, responses: { 200: { description: 'The post', schema: ZBlogPostSchema }, 404: { description: 'Not found' }, 409: { description: 'Slug taken' } } },
    { method: 'delete', path: '/api/admin/blog/{id}', summary: 'Delete a post', access: 'admin', params: id, responses: { 204: { description: 'Deleted' }, 404: { description: 'Not found' } } },
  ],
};
