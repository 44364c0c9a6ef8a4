import { readFileSync } from 'node:fs';
import { ACCOUNT_MESSAGES } from '@shared/schemas/account';
import { AppError } from '../../errors';

let common: Set<string> | null = null;

/**
 * The 10,000 most common passwords of at least the minimum length (from zxcvbn's frequency list, MIT),
 * lower-cased: read once, on the first password chosen.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8').split('\n').filter(Boolean));
  return common;
}

/** Refuses a password that guessing attacks try first, saying why (sign-up, reset, change). */
export function assertAcceptablePassword(password: string): void {
  if (commonPasswords().has(password.normalize('NFKC').toLowerCase())) throw AppError.validation(ACCOUNT_MESSAGES.commonPassword);
}
