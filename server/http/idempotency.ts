import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { ERROR_REASONS } from '@shared/errors';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, SYNC_MESSAGES } from '@shared/schemas/sync';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyKey,
  releaseIdempotencyKey,
} from './idempotency.repository';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The JSON body with its keys in one order, so a retry that sends them in another is the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
  );
}

/**
 * What binds a key to its request besides method and path: a hash of the JSON body. Multipart bodies
 * (files) are streamed to their route after this runs, so an upload is bound by method and path only.
 */
function requestHashOf(req: Request): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(req.body ?? null)))
    .digest('base64url');
}

/**
 * A member's write sent with an Idempotency-Key runs once: a retry with the same key (after a lost
 * answer, or from the offline outbox) gets the first answer back with `Idempotent-Replayed: true`
 * instead of a second like, comment or share. The same key on another method, path or body is refused
 * with 422 and writes nothing. The answer is stored when the route ends it, before it is sent and
 * whether or not the client is still there, so a retry can never run the write again; a 5xx frees the
 * key so the retry runs. Keys are per member: a visitor's write is refused by its route anyway.
 */
export function idempotency(db: Db): RequestHandler {
  return async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined || SAFE_METHODS.has(req.method) || !req.user) return next();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw AppError.validation(SYNC_MESSAGES.idempotencyKeyInvalid);
    const userId = req.user.id;
    const request = { method: req.method, path: req.originalUrl, requestHash: requestHashOf(req) };
    if (!(await claimIdempotencyKey(db, userId, key, request))) {
      const first = await findIdempotencyKey(db, userId, key);
      const other =
        first &&
        (first.method !== request.method || first.path !== request.path || (first.requestHash !== null && first.requestHash !== request.requestHash));
      if (other) throw new AppError('UNPROCESSABLE', SYNC_MESSAGES.idempotencyKeyReused);
      if (!first || first.status === null) {
        throw new AppError('CONFLICT', SYNC_MESSAGES.idempotencyInProgress, { code: ERROR_REASONS.idempotencyInProgress });
      }
      res.setHeader('Idempotent-Replayed', 'true');
      if (first.body === null) return void res.status(first.status).end();
      return void res.status(first.status).json(first.body);
    }
    recordAnswer(res, (status, body) =>
      status >= 500 ? releaseIdempotencyKey(db, userId, key) : completeIdempotencyKey(db, userId, key, status, body),
    );
    next();
  };
}

/**
 * Runs `store` with the answer when the route ends it (every answer ends in res.end, JSON or empty),
 * and sends it once stored. Not on 'finish': that never comes when the client has gone, and the key
 * would stay "in progress" for a day.
 */
function recordAnswer(res: Response, store: (status: number, body: unknown) => Promise<void>) {
  let body: unknown;
  const json = res.json.bind(res);
  res.json = (value: unknown) => {
    body = value;
    return json(value);
  };
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let stored = false;
  (res as { end: (...args: unknown[]) => Response }).end = (...args: unknown[]) => {
    if (stored) return end(...args);
    stored = true;
    store(res.statusCode, body)
      .catch((err: unknown) => res.req.log?.error({ err }, 'idempotency key not stored'))
      .finally(() => end(...args));
    return res;
  };
}
