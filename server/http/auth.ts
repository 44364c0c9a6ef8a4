import type { RequestHandler } from 'express';
import { assertAdmin } from '../access/access-policy';
import { AppError } from '../errors';
import { BatchedRead } from '../db/batch-per-turn';
import type { UserRow } from '../db/schema';
import { regenerateSession } from './session';

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
 * effect at once. A suspended or deleted account loses its session: the request goes on signed out, with
 * a fresh empty session (not a destroyed one, which every later `req.session` use would trip over).
 * `findUsers` reads users by id (the users module's query, handed in by app.ts: http sits below modules).
 */
export function loadUser(findUsers: (ids: string[]) => Promise<Map<string, UserRow>>): RequestHandler {
  // Redis sessions come without their user: the users of one event-loop turn are read in one query.
  const usersById = new BatchedRead<string, UserRow>(findUsers);
  return async (req, _res, next) => {
    const id = req.session?.userId;
    if (!id) return next();
    // The database session store loads the user with the session (one query); Redis sessions do not.
    // The batched read's rows are kept for later requests (findUsers may keep them): this request's own copy.
    const user = req.sessionUser !== undefined ? (req.sessionUser ?? undefined) : await usersById.read(id).then((read) => read && { ...read });
    if (!user || user.isSuspended) {
      await regenerateSession(req);
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
  assertAdmin(req.user);
  next();
};

/** The signed-in user of a route behind requireUser. */
export function currentUser(req: Express.Request): UserRow {
  if (!req.user) throw AppError.unauthorized();
  return req.user;
}
