// Hostile inputs for every route of the OpenAPI document, to find 5xx answers and leaks: wrong types, huge and empty strings,
// NUL and odd Unicode, deep JSON, unknown fields, bad ids, missing and wrong CSRF origins.

/** A small seeded PRNG (mulberry32), so a failing case can be replayed with FUZZ_SEED. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}

export const HOSTILE_STRINGS = [
  '',
  ' ',
  'a'.repeat(10_000),
  'x\u0000y',
  '\u202e\u200b\ufeffodd',
  '\ud800',
  '😀'.repeat(50),
  "' OR 1=1 --",
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00',
  'null',
  '-1',
  '1e309',
  '__proto__',
] as const;

export const HOSTILE_IDS = ['0', '-1', '1', '2147483648', '99999999999999999999', 'abc', '%00', '..%2F..', '%E2%80%AE', 'a'.repeat(300), '00000000-0000-0000-0000-000000000000', '1.5', '%20'] as const;

const HOSTILE_VALUES: unknown[] = [null, true, -1, 1.5, 1e308, [], {}, [1, 2], { $gt: '' }, ...HOSTILE_STRINGS];

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; enum?: unknown[] };

/** A value shaped like the schema, but wrong in one random way or entirely. */
export function hostileValue(r: ReturnType<typeof prng>, schema: Schema | undefined, depth = 0): unknown {
  const roll = r.next();
  if (roll < 0.45 || !schema || depth > 3) return r.pick(HOSTILE_VALUES);
  if (schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [k, s] of Object.entries(schema.properties)) if (r.next() < 0.8) out[k] = hostileValue(r, s, depth + 1);
    if (r.next() < 0.5) Object.assign(out, { isAdmin: true, isPremium: true, authorId: '00000000-0000-0000-0000-000000000000', id: 1, ['__proto__']: { isAdmin: true } });
    return out;
  }
  if (schema.items) return Array.from({ length: Math.floor(r.next() * 3) }, () => hostileValue(r, schema.items, depth + 1));
  if (schema.enum) return r.next() < 0.5 ? r.pick(schema.enum) : r.pick(HOSTILE_STRINGS);
  return r.pick(HOSTILE_VALUES);
}

/** A request body: a hostile value for the schema, or a malformed/deep/huge JSON text. */
export function hostileBody(r: ReturnType<typeof prng>, schema: Schema | undefined): { raw: string } | { json: unknown } {
  const roll = r.next();
  if (roll < 0.05) return { raw: '[' .repeat(20_000) + ']'.repeat(20_000) };
  if (roll < 0.1) return { raw: '{"a":' };
  if (roll < 0.13) return { raw: JSON.stringify({ big: 'a'.repeat(1_100_000) }) };
  if (roll < 0.16) return { raw: '{"a":"\\u0000"}' };
  return { json: hostileValue(r, schema) };
}
