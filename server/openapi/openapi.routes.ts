import { Router } from 'express';
import { buildOpenApiDocument } from './document';
import { renderDocsPage } from './docs-page';

/** GET /api/openapi.json and the readable GET /api/docs, both built once from the shared schemas. */
export function openApiRoutes(): Router {
  const router = Router();
  let cached: { json: string; html: string } | null = null;
  const build = () => {
    if (!cached) {
      const doc = buildOpenApiDocument();
      cached = { json: JSON.stringify(doc), html: renderDocsPage(doc) };
    }
    return cached;
  };
  router.get('/api/openapi.json', (_req, res) => {
    res.type('application/json').send(build().json);
  });
  router.get('/api/docs', (_req, res) => {
    res.type('text/html').send(build().html);
  });
  return router;
}
