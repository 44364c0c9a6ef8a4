import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NO_VIEW_SOURCES, ViewSourcesTable } from './view-sources-table';

// Analytics' "Views by source" as a premium creator reads it.
describe('views by source', () => {
  it('when the range has no views, then the table says so instead of an empty grid', () => {
    const html = renderToStaticMarkup(<ViewSourcesTable sources={[]} />);
    expect(html).toContain('No views in this period yet');
    expect(NO_VIEW_SOURCES).toBe('No views in this period yet');
    expect(html).not.toContain('<table');
  });

  it('when views came from several sources, then each row names its source (another site by its host) with its views and share', () => {
    const html = renderToStaticMarkup(
      <ViewSourcesTable
        sources={[
          { source: 'buildboard', domain: null, views: 1500 },
          { source: 'share', domain: null, views: 300 },
          { source: 'site', domain: 'news.ycombinator.com', views: 150 },
          { source: 'site', domain: null, views: 50 },
        ]}
      />,
    );
    // Emotion writes its styles inline when rendered on a server: only the cells' text is compared.
    const text = html.replace(/<style[^>]*>.*?<\/style>/g, '');
    const rows = [...text.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].slice(1).map((m) => m[1]!.replace(/<[^>]+>/g, '|').split('|').filter(Boolean));
    expect(rows).toEqual([
      ['Buildboard', '1.5K', '75%'],
      ['Shared links', '300', '15%'],
      ['news.ycombinator.com', '150', '8%'],
      ['Other sites', '50', '3%'],
    ]);
  });
});
