import { z } from '@shared/zod';
import { ZProjectSchema } from '@shared/schemas/project';
import { SYNC_COLLECTIONS, ZDraftConflictSchema, ZDraftPushSchema, ZDraftSchema, ZSyncCheckpointSchema, ZSyncDocumentSchemas, ZSyncPullQuerySchema } from '@shared/schemas/sync';
import type { DomainDoc } from '../registry';

const id = { id: 'Draft id (uuid, chosen by the client)' };
const files = { projectFiles: { description: 'Up to 20 files, 5 MB each, relative paths kept', file: true, array: true } };
const pull = z.object({ documents: z.array(z.union(Object.values(ZSyncDocumentSchemas))), checkpoint: ZSyncCheckpointSchema.nullable() });

export const syncDoc: DomainDoc = {
  tag: 'Sync',
  description: 'Replication for the offline store: checkpoint pulls of my collections, and drafts.',
  routes: [
    { method: 'get', path: '/api/sync/{collection}', summary: 'Changes since a checkpoint', access: 'member', params: { collection: SYNC_COLLECTIONS.join(', ') }, query: ZSyncPullQuerySchema, responses: { 200: { description: 'Documents and the next checkpoint', schema: pull }, 404: { description: 'Unknown collection' } } },
    { method: 'put', path: '/api/drafts/{id}', summary: 'Push a draft', access: 'member', params: id, body: ZDraftPushSchema, responses: { 200: { description: 'The draft', schema: ZDraftSchema }, 404: { description: 'Draft not found' }, 409: { description: 'Revision conflict', schema: ZDraftConflictSchema } } },
    { method: 'delete', path: '/api/drafts/{id}', summary: 'Delete a draft', access: 'member', params: id, responses: { 200: { description: 'Deleted', schema: z.object({ success: z.literal(true) }) }, 404: { description: 'Draft not found' } } },
    { method: 'post', path: '/api/drafts/{id}/publish', summary: 'Publish a draft as a project (multipart files for native hosting)', access: 'member', params: id, multipart: { fields: files }, responses: { 200: { description: 'The project, already published', schema: ZProjectSchema }, 201: { description: 'The new project', schema: ZProjectSchema }, 404: { description: 'Draft not found' }, 413: { description: 'File too large' } } },
  ],
};
