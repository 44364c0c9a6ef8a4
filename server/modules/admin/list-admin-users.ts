import type { TAdminUserPage, TAdminUsersQuery } from '@shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { pageUsers } from './admin.repository';
import { toAdminUser } from './to-admin-user';

/** GET /api/admin/users: one page, searched and filtered in the database, with the total that matches. */
export async function listAdminUsers(deps: { db: DbOrTx }, query: TAdminUsersQuery): Promise<TAdminUserPage> {
  const { rows, total } = await pageUsers(deps.db, query);
  return { users: rows.map(toAdminUser), total };
}
