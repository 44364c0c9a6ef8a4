// GET / without a session: the visitor landing page prerendered at build time (dist/web/landing.html,
// scripts/prerender-landing.ts) instead of the SPA, so a first visit paints at once without the app's
// JavaScript. A request with a session cookie, even a stale one, gets the SPA, which finds out
// who is signed in itself.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';
import { withYear } from '@shared/static-landing';
import { hasSessionCookie } from './session';

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number] | 'identity';

/** The page of one year (the footer's), with its compressed twins, made once per year and build. */
type Page = { year: number; mtimeMs: number; hash: string; bodies: Record<Encoding, Buffer> };

function makePage(file: string, year: number, mtimeMs: number): Page {
  const html = Buffer.from(withYear(readFileSync(file, 'utf8'), year));
  return {
    year,
    mtimeMs,
    hash: createHash('sha256').update(html).digest('base64url').slice(0, 27),
    bodies: {
      identity: html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(html, { level: 9 }),
    },
  };
}

/**
 * Answers the prerendered page at `file` to requests without a session cookie (others go on to the SPA),
 * with the current year in its footer: the build marks it, and the page is remade when the year (or the
 * file, after a new build) changes. Revalidated on every visit (no-cache, ETag); Vary: Cookie, since the
 * same address answers the SPA to a member.
 */
export function staticLanding(file: string): RequestHandler {
  let page = makePage(file, new Date().getFullYear(), statSync(file).mtimeMs);
  const current = (): Page | null => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null; // gone (a build under way): the SPA answers
    }
    const year = new Date().getFullYear();
    if (page.year !== year || page.mtimeMs !== mtimeMs) page = makePage(file, year, mtimeMs);
    return page;
  };
  return (req, res, next) => {
    res.append('Vary', 'Cookie');
    const found = hasSessionCookie(req) ? null : current();
    if (!found) return next();
    const accepted = req.get('accept-encoding') ?? '';
    const encoding: Encoding = ENCODINGS.find((e) => new RegExp(`\\b${e}\\b`).test(accepted)) ?? 'identity';
    res.append('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', `"${found.hash}-${encoding}"`);
    // Already encoded: the compression middleware leaves it as it is.
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.type('html').send(found.bodies[encoding]);
  };
}
