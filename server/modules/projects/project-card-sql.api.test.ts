// List cards written by the database must be the cards toProject writes, field for field: the web
// renders both the same way and cannot tell which path answered.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { projects, users } from '../../db/schema';
import { insertProject } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { projectCardJsonSql } from './project-card-sql';
import { previewOriginOf, selectProjectViews, toProject } from './project-view';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const HOUR = 3600_000;

/** Authors whose names and premium state take every branch of publicNameOf and isPremiumNow. */
const AUTHORS = [
  { displayName: '  Ada Lovelace  ', firstName: 'A', lastName: 'L', isPremium: true, premiumExpiresAt: null },
  { displayName: ' \t\u00a0', firstName: ' Grace ', lastName: '\u3000Hopper\n', isPremium: true, premiumExpiresAt: new Date(Date.now() + HOUR) },
  { displayName: null, firstName: null, lastName: 'Turing', isPremium: true, premiumExpiresAt: new Date(Date.now() - HOUR) },
  { displayName: '', firstName: '\ufeff', lastName: ' ', isPremium: false, premiumExpiresAt: null },
  { displayName: 'Émilie "du" Châtelet \\ <b>', firstName: null, lastName: null, isPremium: false, premiumExpiresAt: new Date(Date.now() + HOUR) },
];

/** Rating sums and counts whose averages round up, down and exactly (Math.round to one decimal). */
const RATINGS: [sum: number, count: number][] = [[0, 0], [7, 2], [10, 3], [67, 20], [13, 4], [22, 7], [5, 1], [1, 1], [1000, 333], [29, 6]];

describe('project cards written by PostgreSQL', () => {
  it('when cards of every kind are written by the database, then each equals toProject of its row, with and without PREVIEW_ORIGIN', async () => {
    const ids: number[] = [];
    for (const [i, author] of AUTHORS.entries()) {
      const member = await t.signUp();
      await t.deps.db.update(users).set(author).where(eq(users.id, member.user.id));
      for (const [j, [ratingSum, ratingCount]] of RATINGS.entries()) {
        if ((i + j) % 2) continue;
        const p = await insertProject(t.deps.db, member.user.id, {
          title: `Card ${i}.${j} "quoted" \\ ✓`,
          description: 'Line one\nLine two\t<script>',
          hostingType: j % 3 === 0 ? 'native' : 'external',
          projectUrl: j % 4 === 0 ? null : 'https://example.com/app',
          cost: j % 2 ? null : 1200,
          timeSpent: j % 5 ? 3 : null,
          location: j % 3 ? 'Paris' : null,
          ratingSum,
          ratingCount,
          viewCount: 10 * j,
          reactionCount: j,
          commentCount: j + 1,
          saveCount: j + 2,
          shareCount: j + 3,
        });
        ids.push(p.id);
      }
    }
    // Microseconds, which JavaScript's dates cannot hold: both answers show the same milliseconds.
    await t.deps.db.execute(sql`UPDATE projects SET created_at = '2025-01-02T03:04:05.678901Z' WHERE id = ${ids[0]}`);

    const rows = await selectProjectViews(t.deps.db).where(inArray(projects.id, ids));
    expect(rows).toHaveLength(ids.length);
    for (const previewOrigin of [undefined, 'https://preview.example.org/ignored/path']) {
      const cards = await rowsOf<{ id: number; json: string }>(
        t.deps.db,
        sql`SELECT p.id, ${projectCardJsonSql(sql`${previewOriginOf(previewOrigin)}`)}::text AS json
            FROM projects p JOIN users u ON u.id = p.author_id WHERE p.id = ANY(${`{${ids.join(',')}}`}::int[])`,
      );
      const byId = new Map(cards.map((c) => [Number(c.id), JSON.parse(c.json) as unknown]));
      for (const row of rows) expect(byId.get(row.id)).toStrictEqual(JSON.parse(JSON.stringify(toProject(row, { previewOrigin }))));
    }
  });
});
