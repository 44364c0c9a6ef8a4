// The card is written by the database alone, in every read (single projects, lists, cards as JSON
// text): each field must follow the rules the web shows it by (publicNameOf, isPremiumNow, one-decimal
// averages, ISO dates, the preview origin), whichever statement wrote it.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { projects, users } from '../../db/schema';
import { insertProject } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { projectCardJsonSql } from './project-card-sql';
import { publicNameOf } from '@shared/format';
import type { TProject } from '@shared/schemas/project';
import { isPremiumNow } from '../../access/premium';
import { previewOriginOf, previewOriginParam, previewUrlFor, selectProjectViews, type ProjectViewRow } from './project-view';

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
  it('when cards of every kind are read, then each follows the shared name, premium, rating and date rules, with and without PREVIEW_ORIGIN, in rows and in JSON text alike', async () => {
    const ids: number[] = [];
    const memberIds: string[] = [];
    for (const [i, author] of AUTHORS.entries()) {
      const member = await t.signUp();
      memberIds.push(member.user.id);
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

    const authorOf = new Map((await t.deps.db.select().from(users).where(inArray(users.id, memberIds))).map((u) => [u.id, u]));
    /** The card the web expects of a row, from the shared rules. */
    const expected = (row: ProjectViewRow, previewOrigin: string | undefined): TProject => {
      const author = authorOf.get(row.authorId)!;
      return {
        id: row.id, title: row.title, description: row.description, thumbnail: row.thumbnail, category: row.category,
        projectUrl: row.projectUrl, tutorialUrl: row.tutorialUrl, timeSpent: row.timeSpent, timeUnit: row.timeUnit,
        location: row.location, cost: row.cost, costCurrency: row.costCurrency,
        hostingType: row.hostingType === 'native' ? 'native' : 'external',
        previewUrl: row.hostingType === 'native' ? previewUrlFor(row.id, previewOrigin) : null,
        authorId: row.authorId, authorName: publicNameOf(author), authorHandle: author.handle, authorAvatar: author.profileImageUrl,
        authorIsPremium: isPremiumNow(author),
        viewCount: row.viewCount, reactionCount: row.reactionCount, commentCount: row.commentCount, saveCount: row.saveCount, shareCount: row.shareCount,
        averageRating: row.ratingCount ? Math.round((row.ratingSum / row.ratingCount) * 10) / 10 : 0,
        ratingCount: row.ratingCount,
        createdAt: new Date(row.createdAt).toISOString(),
      };
    };
    for (const previewOrigin of [undefined, 'https://preview.example.org/ignored/path']) {
      const rows = await selectProjectViews(t.deps.db, previewOriginParam(previewOrigin)).where(inArray(projects.id, ids));
      expect(rows).toHaveLength(ids.length);
      // The same definition over aliases, as the lists that answer JSON text use it.
      const cards = await rowsOf<{ id: number; json: string }>(
        t.deps.db,
        sql`SELECT p.id, ${projectCardJsonSql(sql`${previewOriginOf(previewOrigin)}`)}::text AS json
            FROM projects p JOIN users u ON u.id = p.author_id WHERE p.id = ANY(${`{${ids.join(',')}}`}::int[])`,
      );
      const byId = new Map(cards.map((c) => [Number(c.id), JSON.parse(c.json) as unknown]));
      for (const row of rows) {
        expect(row.card).toStrictEqual(expected(row, previewOrigin));
        expect(byId.get(row.id)).toStrictEqual(row.card);
      }
    }
  });
});
