import { and, eq, getTableColumns, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { isUuid } from '@shared/uuid';
import type { DbOrTx } from '../../db/client';
import { arrayParam, prepared } from '../../db/prepared';
import { users, type NewUser, type UserRow } from '../../db/schema';

// The row types live with the table; modules keep reading them here, beside the queries.
export type { NewUser, UserRow };

export function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  // Ids are uuids; anything else cannot match and must not reach PostgreSQL's uuid parser.
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/** A users row's version (xmin: the transaction that wrote this version of the row). */
const USER_VERSION = sql<string>`"users"."xmin"::text`;

/** Users' row versions by id (ids that are not uuids are left out): what VersionedReads asks on every signed-in request. */
export async function findUserVersions(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await prepared(db, 'user_versions_by_ids', (d, name) =>
    d.select({ id: users.id, version: USER_VERSION }).from(users).where(sql`${users.id} = ANY(${arrayParam('ids', 'uuid')})`).prepare(name),
  ).execute({ ids: valid });
  return new Map(rows.map((r) => [r.id, r.version]));
}

/** Users by id, each with the version it was read at (findUserVersions). */
export async function findVersionedUsers(db: DbOrTx, ids: string[]): Promise<Map<string, { version: string; row: UserRow }>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await prepared(db, 'versioned_users_by_ids', (d, name) =>
    d
      .select({ ...getTableColumns(users), version: USER_VERSION })
      .from(users)
      .where(sql`${users.id} = ANY(${arrayParam('ids', 'uuid')})`)
      .prepare(name),
  ).execute({ ids: valid });
  return new Map(rows.map(({ version, ...row }) => [row.id, { version, row }]));
}

export function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: sql`lower(${users.email}) = ${email.toLowerCase()}` });
}

export function findUserByHandle(db: DbOrTx, handle: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: sql`lower(${users.handle}) = ${handle.toLowerCase()}` });
}

export function findUserByOidc(db: DbOrTx, issuer: string, subject: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)) });
}

/** Which of these handles (lower-cased) are already taken. */
export async function takenHandles(db: DbOrTx, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const lowered = candidates.map((c) => c.toLowerCase());
  const rows = await db
    .select({ handle: sql<string>`lower(${users.handle})` })
    .from(users)
    .where(inArray(sql`lower(${users.handle})`, lowered));
  return new Set(rows.map((r) => r.handle));
}

export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: DbOrTx, id: string, values: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Grants or revokes admin by email; answers whether an account with that email exists. */
export async function setAdminByEmail(db: DbOrTx, email: string, isAdmin: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isAdmin, updatedAt: new Date() })
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Every listed email that has an account with that address verified becomes an admin (ADMIN_EMAILS at start-up). */
export async function promoteAdmins(db: DbOrTx, emails: Iterable<string>): Promise<void> {
  const list = [...emails].map((e) => e.toLowerCase());
  if (list.length === 0) return;
  await db
    .update(users)
    .set({ isAdmin: true })
    .where(and(inArray(sql`lower(${users.email})`, list), eq(users.isAdmin, false), isNotNull(users.emailVerifiedAt)));
}

/** A user by id (uuid shape) or else by handle, case-insensitively. */
export function findUserByHandleOrId(db: DbOrTx, key: string): Promise<UserRow | undefined> {
  return isUuid(key) ? findUserById(db, key) : findUserByHandle(db, key);
}

/** Whether another account than exceptUserId already holds this handle (case-insensitive). */
export async function isHandleTakenByOther(db: DbOrTx, handle: string, exceptUserId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.handle}) = ${handle.toLowerCase()}`, ne(users.id, exceptUserId)))
    .limit(1);
  return rows.length > 0;
}
