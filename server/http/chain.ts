import type { RequestHandler } from 'express';

/**
 * Middlewares that every request of a router passes, run one after another as a single layer. The
 * router's own work per layer (its path match, params, the try and promise wrappers) cost more than
 * most of these handlers do. Errors go on as a layer's would: a throw or a rejected promise becomes
 * next(err). Only plain middlewares belong here: next('route') and next('router') mean nothing in it.
 */
export function chain(handlers: readonly RequestHandler[]): RequestHandler {
  return (req, res, done) => {
    let i = 0;
    const next = (err?: unknown): void => {
      if (err) return done(err);
      const handler = handlers[i++];
      if (!handler) return done();
      try {
        const returned = handler(req, res, next) as unknown;
        if (returned instanceof Promise) returned.catch((rejected: unknown) => done(rejected ?? new Error('Rejected promise')));
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}
