import type { NextFunction, Response } from 'express';
import type { FileStorage } from '../storage/file-storage';

/**
 * Streams a stored file (res.sendFile): Range requests, ETag / Last-Modified with 304 answers, and
 * never the whole file in memory. Set Content-Type and the security headers before calling; the
 * Cache-Control given here wins. A missing file calls onMissing.
 */
export function sendStoredFile(
  res: Response,
  next: NextFunction,
  storage: FileStorage,
  key: string,
  opts: { cacheControl: string; onMissing: () => void },
): void {
  res.setHeader('Cache-Control', opts.cacheControl);
  res.sendFile(storage.pathOf(key), { cacheControl: false, dotfiles: 'allow', etag: true, lastModified: true }, (err) => {
    if (!err) return;
    const status = (err as { status?: number; statusCode?: number }).status ?? (err as { statusCode?: number }).statusCode;
    if (res.headersSent) return;
    if (status === 404 || (err as NodeJS.ErrnoException).code === 'ENOENT') return opts.onMissing();
    if (status && status < 500) return void res.status(status).end();
    next(err);
  });
}
