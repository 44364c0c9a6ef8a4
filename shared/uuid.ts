const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value has a uuid's shape (any case): the ids of members, which only such a value can name. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
