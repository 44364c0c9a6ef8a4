import compression from 'compression';
import type { Express, RequestHandler, Response } from 'express';

/** Smaller answers are sent as they are. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * gzip or brotli for answers, with the compression middleware set up only where it can act. Its
 * wrappers (write, end, headers, a close listener) cost every request that accepts an encoding about
 * a tenth of a cached API read, while the API's cached answers come compressed already
 * (sendCachedJson writes them with res.end). So API answers get it when a route sends one: the app's
 * `res.send` (which `res.json` calls) sets it up first. Other paths (pages, feeds, the embed card)
 * get it on every request that accepts an encoding (`everyAnswer`).
 */
export function compressAnswers(app: Express): { everyAnswer: RequestHandler } {
  const compress = compression({ threshold: COMPRESS_FROM_BYTES });
  // Answers whose middleware is set up. A WeakSet, not a mark on the response: a property added to
  // some responses and not others gave them two shapes, and every later read of them slowed down.
  const compressing = new WeakSet<Response>();
  const send = app.response.send;
  app.response.send = function compressedSend(this: Response, body?: unknown): Response {
    if (!this.req.headers['accept-encoding'] || compressing.has(this)) return send.call(this, body);
    compressing.add(this);
    // The middleware calls on at once, so the answer is written through its wrappers.
    compress(this.req, this, () => send.call(this, body));
    return this;
  };
  return {
    everyAnswer: (req, res, next) => {
      if (!req.headers['accept-encoding']) return next();
      compressing.add(res);
      compress(req, res, next);
    },
  };
}
