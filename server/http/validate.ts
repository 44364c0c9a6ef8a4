import type { z } from 'zod';
import { MESSAGES } from '@shared/errors';
import { containsNul } from '@shared/text-input';
import { AppError } from '../errors';

/**
 * Parses input with a shared zod schema; the first issue's message becomes a 400 answer. No string of the
 * input may hold a NUL character: PostgreSQL refuses it in text, which would be a 500.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (containsNul(input)) throw AppError.validation(MESSAGES.nulCharacter);
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw AppError.validation(issue?.message ?? 'Invalid request');
  }
  return result.data;
}
