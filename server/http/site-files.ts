import { existsSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Request, RequestHandler } from 'express';

/** Public pages a crawler may index (signed-out routes of web/app/router.tsx). */
export const SITEMAP_PATHS = ['/', '/terms', '/privacy', '/copyright', '/signin'] as const;

/** The site's public origin: PUBLIC_URL's, else the request's own. */
export function originOf(req: Request, publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).origin : `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/** GET /robots.txt: everything but the API, with the sitemap's address. */
export function robotsTxt(publicUrl: string | undefined): RequestHandler {
  return (req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /hosted/\nDisallow: /uploads/\n\nSitemap: ${originOf(req, publicUrl)}/sitemap.xml\n`);
  };
}

/** GET /sitemap.xml: the public pages. */
export function sitemapXml(publicUrl: string | undefined): RequestHandler {
  return (req, res) => {
    const origin = originOf(req, publicUrl);
    const urls = SITEMAP_PATHS.map((p) => `  <url><loc>${origin}${p}</loc></url>`).join('\n');
    res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  };
}

const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/**
 * Serves the brotli or gzip twin of a hashed asset that the build wrote beside it (vite.config.ts),
 * when the client accepts it; immutable for a year. Other requests fall through to express.static.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const files = new Set(existsSync(dir) ? readdirSync(dir) : []);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    if (!name || name.includes('/') || !files.has(name)) return next();
    const accepted = req.get('accept-encoding') ?? '';
    for (const [encoding, suffix] of ENCODINGS) {
      if (!files.has(name + suffix) || !new RegExp(`\\b${encoding}\\b`).test(accepted)) continue;
      res.type(extname(name));
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.sendFile(join(dir, name + suffix), { cacheControl: false }, (err) => err && next(err));
      return;
    }
    next();
  };
}
