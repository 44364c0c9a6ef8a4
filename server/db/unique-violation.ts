/** A PostgreSQL unique violation (23505), of the named index when given, on either driver. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown }).cause ?? err;
  const { code, constraint: name } = e as { code?: string; constraint?: string };
  return code === '23505' && (!constraint || name === constraint);
}
