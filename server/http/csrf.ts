import type { RequestHandler } from 'express';
import { MESSAGES } from '@shared/errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sends from another origin. Browsers always send
 * Origin (or Sec-Fetch-Site) with such requests; clients without either (curl, server-to-server
 * webhooks) carry no cookies of a victim, so they pass. SameSite=Lax cookies are the second line.
 */
export function sameOriginGuard(publicUrl: string | undefined): RequestHandler {
  const configured = publicUrl ? new URL(publicUrl).origin : null;
  return (req, res, next) => {
    if (SAFE.has(req.method)) return next();
    const origin = req.get('origin');
    const own = `${req.protocol}://${req.get('host') ?? ''}`;
    if (origin && origin !== 'null') {
      if (origin === own || origin === configured) return next();
      res.status(403).json({ message: MESSAGES.crossOrigin });
      return;
    }
    const site = req.get('sec-fetch-site');
    if (origin === 'null' || site === 'cross-site' || site === 'same-site') {
      res.status(403).json({ message: MESSAGES.crossOrigin });
      return;
    }
    next();
  };
}
