import { z } from '@shared/zod';
import type { DomainDoc } from '../registry';

export const healthDoc: DomainDoc = {
  tag: 'Health',
  description: 'Liveness and readiness.',
  routes: [
    { method: 'get', path: '/api/health', summary: 'Liveness', access: 'visitor', responses: { 200: { description: 'Up', schema: z.object({ status: z.string() }) } } },
    { method: 'get', path: '/api/ready', summary: 'Readiness (database reachable)', access: 'visitor', responses: { 200: { description: 'Ready' }, 503: { description: 'Not ready' } } },
    { method: 'get', path: '/api/openapi.json', summary: 'This document', access: 'visitor', responses: { 200: { description: 'OpenAPI 3.1 document' } } },
    { method: 'get', path: '/api/docs', summary: 'A readable reference of this document', access: 'visitor', responses: { 200: { description: 'HTML', contentType: 'text/html' } } },
  ],
};
