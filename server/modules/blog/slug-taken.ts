import { ADMIN_MESSAGES } from '@shared/schemas/admin';
import { AppError } from '../../errors';

/** A unique-violation on the slug index becomes 409 with a clear message. */
export async function orSlugTaken<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    const e = (err as { cause?: unknown }).cause ?? err;
    if ((e as { code?: string }).code === '23505') throw AppError.conflict(ADMIN_MESSAGES.blogSlugTaken);
    throw err;
  }
}
