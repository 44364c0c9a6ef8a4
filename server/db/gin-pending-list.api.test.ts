import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { rowsOf } from './rows';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.migrate();
});
afterAll(async () => {
  await t?.drop();
});

describe('GIN indexes written by every comment', () => {
  // With the default 4 MB pending list, the comment whose insert overflowed it merged the whole list:
  // 45 to 65 ms during which PGlite answered nothing (migration 0013, docs/decisions.md).
  // A like or a comment rewrites its project's row into every index of projects (its trending score is
  // indexed, so the update is never HOT): no GIN index is kept there that no query reads.
  it('are the two text indexes only, each with a pending list of 256 kB, on the embedded database and on a server alike', async () => {
    const rows = await rowsOf<{ name: string; options: string[] | null }>(
      t.database.db,
      sql`SELECT c.relname AS name, c.reloptions AS options FROM pg_class c JOIN pg_am am ON am.oid = c.relam
          JOIN pg_index i ON i.indexrelid = c.oid
          WHERE am.amname = 'gin' AND i.indrelid IN ('comments'::regclass, 'projects'::regclass)
          ORDER BY c.relname`,
    );
    expect(rows).toEqual([
      { name: 'comments_search_document_idx', options: ['gin_pending_list_limit=256'] },
      { name: 'projects_search_document_idx', options: ['gin_pending_list_limit=256'] },
    ]);
  });
});
