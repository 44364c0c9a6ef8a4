import { z } from '@shared/zod';
import { ZProjectFileSchema, ZProjectInputSchema, ZProjectListQuerySchema, ZProjectSchema } from '@shared/schemas/project';
import { ZProjectViewSourceQuerySchema } from '@shared/schemas/reach';
import { ZProjectVersionListSchema, ZPublishedVersionSchema } from '@shared/schemas/project-version';
import type { DomainDoc } from '../registry';

const id = { id: 'Project id (integer)' };
const files = { projectFiles: { description: 'Up to 20 files, 5 MB each, relative paths kept', file: true, array: true } };

export const projectsDoc: DomainDoc = {
  tag: 'Projects',
  description: 'Projects and native hosting files.',
  routes: [
    { method: 'get', path: '/api/projects', summary: 'Newest projects', access: 'visitor', query: ZProjectListQuerySchema, responses: { 200: { description: 'Projects', schema: z.array(ZProjectSchema) } } },
    { method: 'post', path: '/api/projects', summary: 'Create a project (JSON, or multipart with `project` JSON and files for native hosting)', access: 'member', body: ZProjectInputSchema, multipart: { fields: { project: { description: 'The project as JSON' }, ...files } }, responses: { 201: { description: 'The project', schema: ZProjectSchema }, 413: { description: 'File too large' } } },
    { method: 'get', path: '/api/user/projects', summary: 'My projects', access: 'member', responses: { 200: { description: 'Projects', schema: z.array(ZProjectSchema) } } },
    { method: 'get', path: '/api/projects/{id}', summary: 'A project (counts a view, with where it came from: src of a link Buildboard made, ref the referrer host)', access: 'visitor', params: id, query: ZProjectViewSourceQuerySchema, responses: { 200: { description: 'The project', schema: ZProjectSchema }, 403: { description: 'Content Unavailable' }, 404: { description: 'Not found' } } },
    { method: 'put', path: '/api/projects/{id}', summary: 'Update my project', access: 'member', params: id, body: ZProjectInputSchema, responses: { 200: { description: 'The project', schema: ZProjectSchema }, 403: { description: 'Not the author' }, 404: { description: 'Not found' } } },
    { method: 'delete', path: '/api/projects/{id}', summary: 'Delete my project', access: 'member', params: id, responses: { 204: { description: 'Deleted' }, 403: { description: 'Not the author' }, 404: { description: 'Not found' } } },
    { method: 'get', path: '/api/projects/{id}/files', summary: "A native project's files", access: 'member', params: id, responses: { 200: { description: 'Files', schema: z.array(ZProjectFileSchema) } } },
    { method: 'post', path: '/api/projects/{id}/upload-files', summary: 'Add or replace native files', access: 'member', params: id, multipart: { fields: files }, responses: { 201: { description: 'Every stored file', schema: z.object({ files: z.array(ZProjectFileSchema) }) }, 413: { description: 'File too large' } } },
    { method: 'get', path: '/api/projects/{id}/versions', summary: "A native project's published versions, newest first", access: 'visitor', params: id, responses: { 200: { description: 'Versions', schema: ZProjectVersionListSchema }, 403: { description: 'Content Unavailable' }, 404: { description: 'Not found' } } },
    { method: 'post', path: '/api/projects/{id}/versions', summary: 'Publish new files as the next version (replaces every hosted file)', access: 'member', params: id, multipart: { fields: files }, responses: { 201: { description: 'The new version', schema: ZPublishedVersionSchema }, 403: { description: 'Not the author' }, 404: { description: 'Not found' }, 413: { description: 'File too large' } } },
  ],
};
