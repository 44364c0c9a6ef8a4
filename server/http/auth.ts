import type { RequestHandler } from 'express';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { findUserById, type UserRow } from '../modules/users/users.repository';
import { destroySession } from './session';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      user?: UserRow;
    }
  }
}

/**
 * Loads the signed-in user on every API request, so that suspension, deletion and admin changes take
 * effect at once. A suspended or deleted account loses its session.
 */
export function loadUser(db: Db): RequestHandler {
  return async (req, _res, next) => {
    const id = req.session?.userId;
    if (!id) return next();
    const user = await findUserById(db, id);
    if (!user || user.isSuspended) {
      await destroySession(req);
      return next();
    }
    req.user = user;
    next();
  };
}

export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.user) throw AppError.unauthorized();
  next();
};

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) throw AppError.unauthorized();
  if (!req.user.isAdmin) throw AppError.forbidden();
  next();
};

/** The signed-in user of a route behind requireUser. */
export function currentUser(req: Express.Request): UserRow {
  if (!req.user) throw AppError.unauthorized();
  return req.user;
}
