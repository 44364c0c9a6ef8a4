import { sql, type SQL } from 'drizzle-orm';
import { VIEW_THROTTLE_MS } from '@shared/constants';
import type { Db } from './client';
import { rowsOf } from './rows';
import type { Logger } from '../logger';

/** Views wait at most this long in memory before they are written, all together in one statement. */
export const VIEW_FLUSH_MS = 1000;
/** A flush starts early once this many views wait. */
const FLUSH_AT = 500;
/** Viewers remembered as counted; beyond, the oldest are forgotten and the database decides for them. */
const REMEMBERED_MAX = 100_000;

/**
 * Where a view came from, as project_view_sources stores it: 'buildboard', 'share', 'embed', 'feed', or
 * 'site:<host>' for another site's link.
 */
export type ViewSourceKey = 'buildboard' | 'share' | 'embed' | 'feed' | `site:${string}`;

type PendingView = { projectId: number; viewerKey: string; at: string; source: ViewSourceKey };

/**
 * Counts project views without a write on every read. Each instance remembers whom it counted in the
 * last VIEW_THROTTLE_MS, so a repeated view costs nothing, and writes new views in one batch at most
 * VIEW_FLUSH_MS later. The database stays the judge across instances and restarts: a view the table
 * says was counted within the window is not counted again. What can be lost: the views of the last
 * VIEW_FLUSH_MS if the process dies without stopping (a SIGTERM flushes them), and a batch whose write
 * fails (logged). An answer may show a view another instance had already counted, once.
 */
/** A project whose views a flush stored: its count now and its author. */
export type StoredViews = { projectId: number; viewCount: number; authorId: string };

export class ViewCounter {
  private remembered = new Map<string, number>();
  private pending: PendingView[] = [];
  private pendingPerProject = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly opts: {
      logger?: Logger;
      now?: () => number;
      /**
       * Told the projects whose views a flush stored, with their counts and authors (the cached project
       * pages follow the count; the authors' cached analytics go).
       */
      onStored?: (stored: StoredViews[]) => void;
      /**
       * The trending score of projects row `p` once its view count is `nextViewCount` (a SQL
       * expression), stored with the count: views move trending within a flush, and no scheduled
       * pass over every project has to find them (the server gives discovery's formula).
       */
      scoreWith?: (nextViewCount: string) => SQL;
    } = {},
  ) {}

  /**
   * Notes a view of the project; returns how many of its views are counted but not stored yet
   * (including this one), for the answer to show.
   */
  view(projectId: number, viewerKey: string, source: ViewSourceKey = 'buildboard'): number {
    const now = this.opts.now?.() ?? Date.now();
    const key = `${projectId} ${viewerKey}`;
    const last = this.remembered.get(key);
    if (last === undefined || now - last >= VIEW_THROTTLE_MS) {
      this.remember(key, now);
      this.pending.push({ projectId, viewerKey, at: new Date(now).toISOString(), source });
      this.pendingPerProject.set(projectId, (this.pendingPerProject.get(projectId) ?? 0) + 1);
      if (this.pending.length >= FLUSH_AT) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), VIEW_FLUSH_MS);
    }
    return this.pendingPerProject.get(projectId) ?? 0;
  }

  /** Forgets whom it counted for the project, so the table decides again (tests that move its window). */
  forget(projectId: number): void {
    for (const key of this.remembered.keys()) if (key.startsWith(`${projectId} `)) this.remembered.delete(key);
  }

  /** Writes the waiting views now; resolves once they (and any flush before) are stored. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    this.pendingPerProject = new Map();
    this.flushing = this.flushing.then(() => (batch.length ? this.store(batch) : undefined));
    return this.flushing;
  }

  private remember(key: string, now: number) {
    // Re-inserted, so the map stays in the order of counting and the first key is the oldest.
    this.remembered.delete(key);
    this.remembered.set(key, now);
    if (this.remembered.size > REMEMBERED_MAX) this.remembered.delete(this.remembered.keys().next().value!);
  }

  private async store(batch: PendingView[]): Promise<void> {
    try {
      const stored = await rowsOf<{ id: number; view_count: number; author_id: string }>(
        this.db,
        sql`
        WITH v AS (
          SELECT DISTINCT ON (v.project_id, v.viewer_key) v.project_id, v.viewer_key, v.at, v.source
          FROM jsonb_to_recordset(${JSON.stringify(batch.map((b) => ({ project_id: b.projectId, viewer_key: b.viewerKey, at: b.at, source: b.source })))}::jsonb)
            AS v(project_id int, viewer_key text, at timestamptz, source text)
          JOIN projects p ON p.id = v.project_id
          ORDER BY v.project_id, v.viewer_key, v.at
        ), counted AS (
          INSERT INTO project_views (project_id, viewer_key, last_counted_at)
          SELECT project_id, viewer_key, at FROM v
          ON CONFLICT (project_id, viewer_key) DO UPDATE SET last_counted_at = EXCLUDED.last_counted_at
          WHERE project_views.last_counted_at <= EXCLUDED.last_counted_at - ${`${VIEW_THROTTLE_MS} milliseconds`}::interval
          RETURNING project_id, viewer_key
        ), per_project AS (
          SELECT project_id, count(*)::int AS n FROM counted GROUP BY project_id
        ), bumped AS (
          UPDATE projects p SET view_count = p.view_count + c.n${this.opts.scoreWith ? sql`, trending_score = ${this.opts.scoreWith('p.view_count + c.n')}` : sql``}
          FROM per_project c WHERE p.id = c.project_id
          RETURNING p.id, p.view_count, p.author_id, c.n
        ), daily AS (
          INSERT INTO project_daily_stats (project_id, day, views, rating_sum)
          SELECT id, (now() AT TIME ZONE 'UTC')::date, n, 0 FROM bumped
          ON CONFLICT (project_id, day) DO UPDATE SET views = project_daily_stats.views + EXCLUDED.views
        ), sourced AS (
          -- The counted views by where they came from (the first of a viewer's views in the batch).
          INSERT INTO project_view_sources (project_id, day, source, views)
          SELECT v.project_id, (now() AT TIME ZONE 'UTC')::date, v.source, count(*)::int
          FROM counted c JOIN v ON v.project_id = c.project_id AND v.viewer_key = c.viewer_key
          GROUP BY v.project_id, v.source
          ON CONFLICT (project_id, day, source) DO UPDATE SET views = project_view_sources.views + EXCLUDED.views
        )
        SELECT id, view_count, author_id FROM bumped`,
      );
      if (stored.length) this.opts.onStored?.(stored.map((r) => ({ projectId: Number(r.id), viewCount: Number(r.view_count), authorId: r.author_id })));
    } catch (err) {
      this.opts.logger?.error({ err, views: batch.length }, 'views not stored');
    }
  }
}
