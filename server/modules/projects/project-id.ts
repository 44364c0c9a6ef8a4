import { PROJECT_MESSAGES } from '@shared/schemas/project';
import { AppError } from '../../errors';

const MAX_SERIAL = 2_147_483_647;

/** A project id route parameter; anything but a positive int4 can name no project, so it is 404. */
export function projectIdParam(raw: unknown): number {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw)) throw AppError.notFound(PROJECT_MESSAGES.notFound);
  const id = Number(raw);
  if (id > MAX_SERIAL) throw AppError.notFound(PROJECT_MESSAGES.notFound);
  return id;
}
