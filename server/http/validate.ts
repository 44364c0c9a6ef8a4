import type { z } from 'zod';
import { AppError } from '../errors';

/** Parses input with a shared zod schema; the first issue's message becomes a 400 answer. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw AppError.validation(issue?.message ?? 'Invalid request');
  }
  return result.data;
}
