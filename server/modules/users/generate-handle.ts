import { HANDLE_MAX, HANDLE_MIN } from '@shared/constants';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { MESSAGES } from '@shared/errors';
import { AppError } from '../../errors';
import { insertUser, takenHandles, type NewUser, type UserRow } from './users.repository';

/** A handle base from a name or email: letters, digits and underscores, 3 to 20 characters. */
export function handleBase(source: { firstName?: string | null; lastName?: string | null; email?: string | null }) {
  const fromName = [source.firstName, source.lastName].filter(Boolean).join('_');
  const raw = fromName || (source.email ?? '').split('@')[0] || 'user';
  let base = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/_+/g, '_');
  if (base.length < HANDLE_MIN) base = `${base}user`.replace(/^_/, '');
  if (base.length < HANDLE_MIN) base = 'user';
  // Room for a numeric suffix.
  return base.slice(0, HANDLE_MAX - 5);
}

/** A unique handle derived from the name or email: the base, else the base plus a number. */
export async function generateUniqueHandle(
  db: DbOrTx,
  source: Parameters<typeof handleBase>[0],
): Promise<string> {
  const base = handleBase(source);
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidates = [
      ...(attempt === 0 ? [base] : []),
      // At most 5 digits, so base (15) + suffix stays within HANDLE_MAX (20).
      ...Array.from({ length: 8 }, () => `${base}${Math.floor(Math.random() * 10 ** Math.min(2 + attempt, 5))}`),
    ];
    const taken = await takenHandles(db, candidates);
    const free = candidates.find((c) => !taken.has(c.toLowerCase()));
    if (free) return free;
  }
  return `${base}${Date.now().toString(36).slice(-5)}`;
}

/** A new user row with a generated handle, at most this many tries when concurrent sign-ups take it first. */
const HANDLE_INSERT_ATTEMPTS = 5;

/**
 * Inserts a user with a handle derived from their name or email. Two sign-ups at once can derive the
 * same free handle; the unique index decides, and the loser retries with a fresh handle (never a 500).
 * Other unique violations (the email) are left to the caller.
 */
export async function insertUserWithHandle(
  db: DbOrTx,
  values: Omit<NewUser, 'handle'>,
  source: Parameters<typeof handleBase>[0],
): Promise<UserRow> {
  for (let attempt = 1; ; attempt++) {
    const handle = await generateUniqueHandle(db, source);
    try {
      // Its own (sub)transaction, so a caller's transaction survives a lost race and can retry.
      return await db.transaction((inner) => insertUser(inner, { ...values, handle }));
    } catch (err) {
      if (!isUniqueViolation(err, 'users_handle_unique')) throw err;
      if (attempt >= HANDLE_INSERT_ATTEMPTS) throw AppError.conflict(MESSAGES.handleTaken);
    }
  }
}
