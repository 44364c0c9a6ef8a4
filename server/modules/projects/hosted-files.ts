import type { RequestHandler } from 'express';
import type { AppDeps } from '../../deps';

/** Serves native projects' uploaded files under /hosted/:projectId/* (see previewUrlFor). */
export function hostedFilesHandler(_deps: AppDeps): RequestHandler {
  return (_req, _res, next) => next();
}
