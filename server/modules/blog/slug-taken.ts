import { ADMIN_MESSAGES } from '@shared/schemas/admin';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db/unique-violation';

/** A unique-violation on the slug index becomes 409 with a clear message. */
export async function orSlugTaken<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err, 'blog_posts_slug_unique')) throw AppError.conflict(ADMIN_MESSAGES.blogSlugTaken);
    throw err;
  }
}
