import type { RequestHandler, Response } from 'express';
import { MESSAGES } from '@shared/errors';
import { NATIVE_INDEX_PATH, nativeFilePath } from '@shared/schemas/project';
import { VERSION_SEGMENT_PREFIX } from '@shared/schemas/project-version';
import { canView } from '../../access/access-policy';
import type { AppDeps } from '../../deps';
import { sendStoredFile } from '../../http/send-stored-file';
import { findVersionFile } from './project-versions.repository';
import { findHostedFile } from './projects.repository';

/** "!v2/css/app.css": a file of the previous version (kept until the next publish). */
const VERSION_PATH = new RegExp(`^${VERSION_SEGMENT_PREFIX}([1-9]\\d{0,8})/(.*)$`);

/**
 * What every hosted answer carries. The sandbox (without allow-same-origin) gives the page an opaque
 * origin wherever it is served from: no cookies of the viewer, no credentialed /api calls, no access to
 * the embedding page and no top navigation. Its own subresources are loaded from that opaque origin, so
 * they must be readable cross-origin (they are public anyway).
 */
export const HOSTED_CSP = 'sandbox allow-scripts allow-forms allow-popups';

function secure(res: Response, isolatedOrigin: boolean) {
  res.setHeader('Content-Security-Policy', HOSTED_CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  res.setHeader('Access-Control-Allow-Origin', '*');
  // On its own origin the preview is embedded by the main site, which X-Frame-Options would forbid.
  if (isolatedOrigin) res.removeHeader('X-Frame-Options');
}

/** The stored path of a request path below /hosted/:projectId/, or null. "dir/" means "dir/index.html". */
function storedPathOf(rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = rawPath
      .split('/')
      .map((s) => decodeURIComponent(s))
      .join('/');
  } catch {
    return null;
  }
  if (decoded === '' || decoded.endsWith('/')) decoded += NATIVE_INDEX_PATH;
  return nativeFilePath(decoded);
}

/** Serves native projects' uploaded files under /hosted/:projectId/* (see previewUrlFor). */
export function hostedFilesHandler(deps: AppDeps): RequestHandler {
  const isolatedOrigin = !!deps.config.PREVIEW_ORIGIN;
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const match = /^\/([1-9]\d{0,9})\/(.*)$/.exec(req.path);
    const id = match ? Number(match[1]) : NaN;
    const version = match ? VERSION_PATH.exec(match[2]!) : null;
    const path = match ? storedPathOf(version ? version[2]! : match[2]!) : null;
    secure(res, isolatedOrigin);
    const notFound = () => res.status(404).type('text/plain').send(MESSAGES.notFound);
    if (!path || id > 2_147_483_647) return notFound();
    try {
      const file = version ? await findVersionFile(deps.db, id, Number(version[1]), path) : await findHostedFile(deps.db, id, path);
      if (!file || file.hostingType !== 'native') return notFound();
      // The page runs without the viewer's session (sandbox), so it is shown as to a visitor.
      if (!canView(undefined, { kind: 'project', ...file })) return res.status(403).type('text/plain').send(MESSAGES.contentUnavailable);
      res.setHeader('Content-Type', file.mimeType);
      sendStoredFile(res, next, deps.storage, file.storageKey, { cacheControl: 'no-cache', onMissing: notFound });
    } catch (err) {
      next(err);
    }
  };
}
