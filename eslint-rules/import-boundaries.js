// A small ESLint rule for the dependency rules of docs/architecture.md ("Shape"): which folders may import which.
// It resolves the project's aliases (@shared, @web) and relative paths itself, so it needs no resolver.
import { dirname, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const ALIASES = { '@shared/': 'shared/', '@web/': 'web/' };

/** The imported file's path relative to the repository root, or null for packages. */
function targetOf(source, filename) {
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (source.startsWith(alias)) return dir + source.slice(alias.length);
  }
  if (source.startsWith('.')) return relative(root, resolve(dirname(filename), source)).split(sep).join('/');
  return null;
}

const under = (path, dir) => path === dir || path.startsWith(`${dir}/`);

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'string' },
                from: { type: 'array', items: { type: 'string' } },
                except: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
            },
          },
        },
      },
    ],
  },
  create(context) {
    const file = relative(root, context.filename).split(sep).join('/');
    const zones = (context.options[0]?.zones ?? []).filter((z) => under(file, z.target));
    if (zones.length === 0) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = targetOf(source, context.filename);
      if (!target) return;
      for (const zone of zones) {
        const hit = zone.from.some((f) => under(target, f));
        const allowed = (zone.except ?? []).some((e) => under(target, e));
        if (hit && !allowed) context.report({ node, message: `${zone.message} (${source})` });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'import-boundaries': rule } };
