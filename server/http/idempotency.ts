import type { RequestHandler, Response } from 'express';
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

/**
 * A member's write sent with an Idempotency-Key runs once: a retry with the same key (after a lost
 * answer, or from the offline outbox) gets the first answer back with `Idempotent-Replayed: true`
 * instead of a second like, comment or share. The answer is stored before it is sent, so a retry can
 * never run the write again; a 5xx frees the key so the retry runs. Keys are per member: a visitor's
 * write is refused by its route anyway.
 */
export function idempotency(db: Db): RequestHandler {
  return async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined || SAFE_METHODS.has(req.method) || !req.user) return next();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw AppError.validation(SYNC_MESSAGES.idempotencyKeyInvalid);
    const userId = req.user.id;
    const path = req.originalUrl;
    if (!(await claimIdempotencyKey(db, userId, key, req.method, path))) {
      const first = await findIdempotencyKey(db, userId, key);
      if (first && (first.method !== req.method || first.path !== path)) throw AppError.validation(SYNC_MESSAGES.idempotencyKeyReused);
      if (!first || first.status === null) throw AppError.conflict(SYNC_MESSAGES.idempotencyInProgress);
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

/** Runs `store` with the answer before a JSON answer leaves; other answers are stored when they end. */
function recordAnswer(res: Response, store: (status: number, body: unknown) => Promise<void>) {
  let stored = false;
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    stored = true;
    store(res.statusCode, body)
      .catch((err: unknown) => res.req.log?.error({ err }, 'idempotency key not stored'))
      .finally(() => json(body));
    return res;
  };
  res.on('finish', () => {
    if (!stored) void store(res.statusCode, undefined).catch(() => undefined);
  });
}
