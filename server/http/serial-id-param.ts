import { isUuid } from '@shared/uuid';
import { AppError } from '../errors';

const MAX_SERIAL = 2_147_483_647;

/**
 * A serial id route parameter. Anything but a positive int4 can name no row, so it answers the
 * resource's 404 message rather than reaching the database.
 */
export function serialIdParam(raw: unknown, notFoundMessage: string): number {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > MAX_SERIAL) {
    throw AppError.notFound(notFoundMessage);
  }
  return Number(raw);
}

/** A uuid route parameter (lower-cased); anything else names no row: the resource's 404 message. */
export function uuidParam(raw: unknown, notFoundMessage: string): string {
  if (typeof raw !== 'string' || !isUuid(raw)) throw AppError.notFound(notFoundMessage);
  return raw.toLowerCase();
}
