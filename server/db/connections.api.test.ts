import { randomBytes } from 'node:crypto';
import type session from 'express-session';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbSessionStore } from '../http/session-store';
import { readChangeHorizon, readChangesSince } from '../modules/discovery/search-index/search-index.repository';
import { findProjectView } from '../modules/projects/projects.repository';
import { findUserVersions } from '../modules/users/users.repository';
import { insertProject } from '../test/factories';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { openDatabase } from './client';
import { rowsOf } from './rows';
import { users } from './schema';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.migrate();
});
afterAll(async () => {
  await t?.drop();
});

const CALLS = 12;

describe('Prepared statements of every signed-in request', () => {
  // PostgreSQL plans a prepared statement anew on each call while its plan for any parameters looks
  // dearer than the plans made for each call's: with array parameters it always did, and planning the
  // session's versions cost the database three times what running them did.
  it('when each runs many times on a connection, then it keeps one plan instead of planning every call', async () => {
    const db = t.database.db;
    const [user] = await db
      .insert(users)
      .values({ email: `${randomBytes(4).toString('hex')}@example.com`, handle: `plans${randomBytes(3).toString('hex')}`, displayName: 'Plan Keeper' })
      .returning({ id: users.id });
    const project = await insertProject(db, user!.id);
    const store = new DbSessionStore(db);
    const sid = randomBytes(12).toString('base64url');
    const stored = { cookie: { originalMaxAge: 60_000, expires: new Date(Date.now() + 60_000) }, userId: user!.id } as unknown as session.SessionData;
    await new Promise<void>((resolve, reject) => store.set(sid, stored, (err) => (err ? reject(err as Error) : resolve())));
    const horizon = await readChangeHorizon(db);

    // One at a time: the pool hands the same idle connection back, where the statements stay prepared.
    for (let i = 0; i < CALLS; i++) {
      const read = await new Promise<session.SessionData | null | undefined>((resolve, reject) => store.get(sid, (err, s) => (err ? reject(err as Error) : resolve(s))));
      expect(read?.userId).toBe(user!.id);
      expect((await findUserVersions(db, [user!.id])).size).toBe(1);
      expect((await findProjectView(db, project.id, undefined))?.id).toBe(project.id);
      expect((await readChangesSince(db, horizon, [`word${i}`])).stems.size).toBe(1);
    }
    store.close();

    const plans = await rowsOf<{ name: string; generic: number; custom: number }>(
      db,
      sql`SELECT name, generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements
          WHERE name IN ('session_versions', 'user_versions_by_ids', 'find_project_views', 'search_index_changes') ORDER BY name`,
    );
    // The first five calls are planned for their parameters (PostgreSQL compares those plans with its
    // plan for any); every later call runs the plan kept.
    expect(plans).toEqual([
      { name: 'find_project_views', generic: CALLS - 5, custom: 5 },
      { name: 'search_index_changes', generic: CALLS - 5, custom: 5 },
      { name: 'session_versions', generic: CALLS - 5, custom: 5 },
      { name: 'user_versions_by_ids', generic: CALLS - 5, custom: 5 },
    ]);
  });
});

describe('Connections to PostgreSQL', () => {
  it.runIf(process.env.TEST_DB === 'postgres')('when more statements run at once than the pool holds, then the rest wait for a connection and all answer', async () => {
    const database = openDatabase({ databaseUrl: t.url!, poolSize: 2 });
    try {
      const pids = await Promise.all(
        Array.from({ length: 6 }, () => rowsOf<{ pid: number }>(database.db, sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`).then(([row]) => row!.pid)),
      );
      expect(pids).toHaveLength(6);
      expect(new Set(pids).size).toBe(2);
    } finally {
      await database.close();
    }
  });
});
