import { escapeHtml as escape } from '../http/html-escape';
import type { OpenApiDocument } from './document';

type Operation = {
  tags: string[];
  summary: string;
  'x-access': string;
  parameters?: { name: string; in: string; required: boolean; description?: string; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};

const json = (v: unknown) => `<pre>${escape(JSON.stringify(v, null, 2))}</pre>`;

/**
 * The API reference as one self-contained HTML page: no scripts, no external resources (the CSP allows
 * neither), details elements for the schemas.
 */
export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(ops)) {
      const op = raw as Operation;
      const params = (op.parameters ?? [])
        .map((p) => `<li><code>${escape(p.name)}</code> (${escape(p.in)}${p.required ? ', required' : ''})${p.description ? ` ${escape(p.description)}` : ''}</li>`)
        .join('');
      const body = op.requestBody
        ? Object.entries(op.requestBody.content)
            .map(([type, c]) => `<details><summary>Body: ${escape(type)}</summary>${json(c.schema)}</details>`)
            .join('')
        : '';
      const responses = Object.entries(op.responses)
        .map(([status, r]) => {
          const schema = r.content ? Object.values(r.content)[0]?.schema : undefined;
          return `<li><strong>${escape(status)}</strong> ${escape(r.description)}${schema ? `<details><summary>Schema</summary>${json(schema)}</details>` : ''}</li>`;
        })
        .join('');
      const html = `<section class="op" id="${escape(`${method}-${path}`)}">
<h3><span class="m ${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>
<p>${escape(op.summary)} <span class="access">${escape(op['x-access'])}</span></p>
${params ? `<p>Parameters</p><ul>${params}</ul>` : ''}${body}<p>Responses</p><ul>${responses}</ul></section>`;
      const tag = op.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const sections = doc.tags
    .filter((t) => byTag.has(t.name))
    .map((t) => `<h2 id="${escape(t.name)}">${escape(t.name)}</h2><p>${escape(t.description)}</p>${byTag.get(t.name)!.join('\n')}`)
    .join('\n');
  const nav = doc.tags.map((t) => `<a href="#${escape(t.name)}">${escape(t.name)}</a>`).join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} reference</title>
<style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1b1b1f;background:#fff}
@media (prefers-color-scheme: dark){body{color:#e6e6ea;background:#141418}pre{background:#22222a!important}}
.op{border-top:1px solid #8884;padding:.5rem 0}.m{display:inline-block;min-width:4.5rem;font-size:.8rem;padding:.1rem .4rem;border-radius:.3rem;color:#fff;background:#555}
.get{background:#1a6b3c}.post{background:#1d4f91}.put,.patch{background:#8a5a00}.delete{background:#a02020}
.access{font-size:.8rem;border:1px solid #8888;border-radius:1rem;padding:0 .5rem}pre{background:#f4f4f6;padding:.5rem;overflow:auto;font-size:.8rem}
</style></head><body><main>
<h1>${escape(doc.info.title)} <small>${escape(doc.info.version)}</small></h1>
<p>${escape(doc.info.description)} The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escape(doc.openapi)}).</p>
<nav>${nav}</nav>
${sections}
</main></body></html>`;
}
