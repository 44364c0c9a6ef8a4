import compression from 'compression';
import express, { type RequestHandler, type Response } from 'express';

/** Smaller answers are sent as they are. */
export const COMPRESS_FROM_BYTES = 1024;

const send = express.response.send;

/**
 * gzip or brotli for answers, with the compression middleware set up only where it can act. Its
 * wrappers (write, end, headers, a close listener) cost every request that accepts an encoding about
 * a tenth of a cached API read, while the API's cached answers come compressed already
 * (sendCachedJson writes them with res.end). So for the API it is set up when a route sends its
 * answer: `res.send` (which `res.json` calls) of a request that accepts an encoding is swapped for one
 * that installs the middleware first. Other paths (pages, feeds, the embed card) install it on every
 * request that accepts an encoding.
 */
export function compressAnswers(): { everyAnswer: RequestHandler; sentAnswers: RequestHandler } {
  const compress = compression({ threshold: COMPRESS_FROM_BYTES });
  // One function for every response: a closure of its own per response would cost more than it saves.
  function compressedSend(this: Response, body: unknown): Response {
    // Once per answer: an error answer sent after a failed send goes through the same wrappers.
    this.send = send;
    // The middleware calls on at once, so the answer is written through its wrappers.
    compress(this.req, this, () => send.call(this, body));
    return this;
  }
  return {
    everyAnswer: (req, res, next) => (req.headers['accept-encoding'] ? compress(req, res, next) : next()),
    sentAnswers: (req, res, next) => {
      if (req.headers['accept-encoding']) res.send = compressedSend;
      next();
    },
  };
}
