import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAnalyticsSchema } from '@shared/schemas/analytics';
import { runAdminCommand } from '../../cli/admin-command';
import { insertProject } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

// Where views come from: Buildboard itself, shared links, embeds, feeds, other sites by referrer host.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('views by source', () => {
  it('when views arrive from the app, a shared link, an embed, a feed and other sites, then the premium creator sees them by source and by site', async () => {
    const creator = await t.signUp();
    await runAdminCommand(t.deps, ['premium', creator.email, '30']);
    const p = await insertProject(t.database.db, creator.user.id, { title: 'Seen' });
    const other = await insertProject(t.database.db, creator.user.id, { title: 'Other' });
    const ownHost = new URL(t.url).hostname;
    const arrivals = [
      '', // inside the app
      `?ref=${ownHost}`, // a link on our own pages
      '?src=share',
      '?src=share&ref=chat.example',
      '?src=embed&ref=blog.example',
      '?src=feed',
      '?ref=news.example',
      '?ref=News.Example',
      '?ref=blog.example',
    ];
    for (const query of arrivals) {
      const viewer = await t.signUp(); // each a new viewer: one counted view each
      expect((await viewer.client.get(`/api/projects/${p.id}${query}`)).status).toBe(200);
    }
    await (await t.signUp()).client.get(`/api/projects/${other.id}?src=feed`);

    const all = ZAnalyticsSchema.parse((await creator.client.get('/api/analytics?range=7d')).body);
    expect(all.totals.views).toBe(10);
    expect(all.sources).toEqual([
      { source: 'buildboard', domain: null, views: 2 },
      { source: 'feed', domain: null, views: 2 },
      { source: 'share', domain: null, views: 2 },
      { source: 'site', domain: 'news.example', views: 2 },
      { source: 'embed', domain: null, views: 1 },
      { source: 'site', domain: 'blog.example', views: 1 },
    ]);
    const one = ZAnalyticsSchema.parse((await creator.client.get(`/api/analytics?range=7d&projectId=${other.id}`)).body);
    expect(one.sources).toEqual([{ source: 'feed', domain: null, views: 1 }]);
  });

  it('when a source is not one Buildboard makes or the referrer is not a host name, then 400 with a message and no view', async () => {
    const author = await t.signUp();
    const p = await insertProject(t.database.db, author.user.id);
    const c = t.client();
    expect((await c.get(`/api/projects/${p.id}?src=tv`)).body).toEqual({ message: 'src must be share, embed or feed' });
    expect((await c.get(`/api/projects/${p.id}?ref=${encodeURIComponent('<b>x</b>')}`)).body).toEqual({ message: 'ref must be a host name' });
    await t.deps.views.flush();
    const rows = (await t.database.db.execute(`SELECT count(*)::int AS n FROM project_view_sources WHERE project_id = ${p.id}`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(0);
  });
});
