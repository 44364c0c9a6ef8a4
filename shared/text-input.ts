// Checks every string of an input, wherever it sits (body, query, path, multipart fields, file names).

/**
 * True when any string in the value (object keys included, any depth) holds a NUL character, which no
 * text field may carry (PostgreSQL text cannot store it). Iterative, so deep JSON cannot overflow the stack.
 */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    if (++visited > 100_000) return false; // bodies are size-limited long before this
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}
