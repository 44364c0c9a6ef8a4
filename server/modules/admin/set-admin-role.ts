import type { Db } from '../../db/client';
import { setAdminByEmail } from '../users/users.repository';

/** Grants or revokes admin rights by email (`npm run admin -- grant|revoke`); false when no account has it. */
export function setAdminRole(deps: { db: Db }, email: string, isAdmin: boolean): Promise<boolean> {
  return setAdminByEmail(deps.db, email.trim(), isAdmin);
}
