import { z } from 'zod';
import { ERROR_REASONS } from '@shared/errors';
import { domainDocs } from './paths/index';
import { commonErrors, type DomainDoc, type RouteDoc } from './registry';

type JsonSchema = Record<string, unknown>;

/** A shared zod schema as JSON Schema (2020-12, OpenAPI 3.1's dialect): request side or answer side. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete out.$schema;
  return out;
}

const SECURITY: Record<RouteDoc['access'], unknown[] | undefined> = {
  visitor: undefined,
  member: [{ session: [] }],
  admin: [{ session: [] }],
};

function operation(route: RouteDoc, tag: string) {
  const parameters: unknown[] = [];
  for (const [name, description] of Object.entries(route.params ?? {})) {
    parameters.push({ name, in: 'path', required: true, description, schema: { type: 'string' } });
  }
  if (route.query) {
    const q = jsonSchema(route.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {})) {
      parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
    }
  }
  const content: Record<string, unknown> = {};
  if (route.body) content['application/json'] = { schema: jsonSchema(route.body, 'input') };
  if (route.multipart) {
    const properties: Record<string, unknown> = {};
    for (const [name, f] of Object.entries(route.multipart.fields)) {
      const one = f.file ? { type: 'string', contentMediaType: 'application/octet-stream' } : { type: 'string' };
      properties[name] = { description: f.description, ...(f.array ? { type: 'array', items: one } : one) };
    }
    content['multipart/form-data'] = { schema: { type: 'object', properties } };
  }
  const responses: Record<string, unknown> = {};
  for (const [status, r] of Object.entries({ ...commonErrors(route.access), ...route.responses })) {
    responses[status] = {
      description: r.description,
      content: r.schema
        ? { [r.contentType ?? 'application/json']: { schema: jsonSchema(r.schema, 'output') } }
        : status.startsWith('4') || status.startsWith('5')
          ? { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } }
          : undefined,
    };
  }
  return {
    tags: [tag],
    summary: route.summary,
    operationId: `${route.method}${route.path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    'x-access': route.access,
    ...(SECURITY[route.access] ? { security: SECURITY[route.access] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(Object.keys(content).length ? { requestBody: { required: true, content } } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every registered domain, generated from the shared zod schemas. */
export function buildOpenApiDocument(domains: DomainDoc[] = domainDocs, version = '0.1.0') {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const domain of domains) {
    for (const route of domain.routes) {
      (paths[route.path] ??= {})[route.method] = operation(route, domain.tag);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Buildboard API',
      version,
      description:
        'Generated from the shared zod schemas (shared/schemas). Errors answer `{ message }`. State-changing requests from a browser must be same-origin.',
    },
    servers: [{ url: '/' }],
    tags: domains.map((d) => ({ name: d.tag, description: d.description })),
    paths,
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'bb.sid' } },
      schemas: {
        Error: {
          type: 'object',
          properties: { message: { type: 'string' }, code: { type: 'string', enum: Object.values(ERROR_REASONS) } },
          required: ['message'],
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
