import type { Db } from '../db/client';
import { setAdminByEmail } from '../modules/users/users.repository';

export const ADMIN_USAGE = 'Usage: npm run admin -- grant <email> | revoke <email>';

/** `grant <email>` / `revoke <email>`: answers the exit code and what to print. */
export async function runAdminCommand(db: Db, args: string[]): Promise<{ code: number; message: string }> {
  const [verb, email] = args;
  if ((verb !== 'grant' && verb !== 'revoke') || !email || args.length !== 2) return { code: 2, message: ADMIN_USAGE };
  const found = await setAdminByEmail(db, email.trim(), verb === 'grant');
  if (!found) return { code: 1, message: `No account with the email ${email}` };
  return { code: 0, message: verb === 'grant' ? `${email} is now an admin` : `${email} is no longer an admin` };
}
