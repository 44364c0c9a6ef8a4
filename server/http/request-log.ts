import { randomUUID } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger';

declare module 'http' {
  interface IncomingMessage {
    /** The request id (X-Request-Id when the client sent a well-formed one). */
    id: string;
    /** A logger whose lines carry the request id; made on first use. */
    log: Logger;
  }
}

const GIVEN_ID = /^[\w-]{1,64}$/;
const BASE_LOGGER = Symbol('base logger');
const CHILD_LOGGER = Symbol('request logger');
type LoggedRequest = IncomingMessage & { [BASE_LOGGER]?: Logger; [CHILD_LOGGER]?: Logger };

// `req.log` is a getter on the prototype, defined once. A getter defined on each request object
// (Object.defineProperty, its own closure) cost about 25 µs per request in `npm run bench`, most likely
// because each request then had a hidden class of its own that every later middleware read slowly.
Object.defineProperty(IncomingMessage.prototype, 'log', {
  configurable: true,
  get(this: LoggedRequest) {
    return (this[CHILD_LOGGER] ??= this[BASE_LOGGER]?.child({ reqId: this.id }));
  },
});
const pathOf = (url: string) => url.split('?')[0]!.slice(0, 300);

/**
 * One compact line per request: request id, method, path (never the query, which may carry codes and
 * tokens), status and time. Never headers, cookies or bodies. Written by hand rather than with
 * pino-http: its per-request child logger and wrappers cost as much as a whole bare Express answer.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('x-request-id', id);
    (req as LoggedRequest)[BASE_LOGGER] = logger;
    if (req.url === '/api/health') return next();
    const started = performance.now();
    res.once('close', () => {
      const failed = res.statusCode >= 500 || !res.writableFinished;
      const level = failed ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const line = {
        reqId: id,
        method: req.method,
        path: pathOf(req.originalUrl ?? req.url),
        status: res.writableFinished ? res.statusCode : 499,
        ms: Math.round(performance.now() - started),
      };
      logger[level](line, failed ? 'request failed' : 'request');
    });
    next();
  };
}
