import type { z } from 'zod';

/** Who may call a route: anyone, a signed-in member, or an admin. */
export type Access = 'visitor' | 'member' | 'admin';

export type ResponseDoc = { description: string; schema?: z.ZodType; contentType?: string };

/**
 * One route of the API as the OpenAPI document describes it. Paths use OpenAPI templates
 * (`/api/projects/{id}`); schemas are the shared zod schemas, the one contract.
 */
export type RouteDoc = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  access: Access;
  /** Path parameters: name -> description (all are strings in the URL). */
  params?: Record<string, string>;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A multipart/form-data body: field name -> description (files are binary). */
  multipart?: { fields: Record<string, { description: string; file?: boolean; array?: boolean }> };
  responses: Record<number, ResponseDoc>;
};

/** A domain's routes: one small file per domain under server/openapi/paths/. */
export type DomainDoc = { tag: string; description: string; routes: RouteDoc[] };

/** Common error answers, added to a route's own. */
export function commonErrors(access: Access): Record<number, ResponseDoc> {
  const errors: Record<number, ResponseDoc> = { 400: { description: 'Invalid input: `{ message }`' }, 429: { description: 'Too many requests' } };
  if (access !== 'visitor') errors[401] = { description: 'Not signed in: `{ message: "Unauthorized" }`' };
  if (access === 'admin') errors[403] = { description: 'Not an admin: `{ message: "Access Denied" }`' };
  return errors;
}
