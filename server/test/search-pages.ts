import { expect } from 'vitest';
import { SEARCH_PAGE_SIZE, ZSearchResultsSchema, type TSearchResults, type TSearchSection } from '@shared/schemas/discovery';
import type { TestClient } from './http-client';

/** Everything a search found, as a member reads it with 'Show more' until each section's count is shown. */
export type SearchEveryPage = Pick<TSearchResults, 'projects' | 'comments'>;

async function page(client: TestClient, q: string, query = ''): Promise<TSearchResults> {
  const res = await client.get(`/api/search?q=${encodeURIComponent(q)}${query}`);
  expect(res.status, res.text).toBe(200);
  return ZSearchResultsSchema.parse(res.body);
}

/**
 * The first page, then each section's later pages (only=section&offset=n) until its count: every page
 * full but the last, and no item twice.
 */
export async function searchEveryPage(client: TestClient, q: string): Promise<SearchEveryPage> {
  const first = await page(client, q);
  const rest = async <T extends { id: number }>(section: TSearchSection, count: number, items: T[], of: (r: TSearchResults) => T[]) => {
    expect(items.length).toBe(Math.min(count, SEARCH_PAGE_SIZE));
    while (items.length < count) {
      const next = await page(client, q, `&only=${section}&offset=${items.length}`);
      expect(section === 'projects' ? next.comments : next.projects).toEqual([]);
      expect(of(next).length).toBe(Math.min(count - items.length, SEARCH_PAGE_SIZE));
      items.push(...of(next));
    }
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    return items;
  };
  return {
    projects: await rest('projects', first.projectCount, [...first.projects], (r) => r.projects),
    comments: await rest('comments', first.commentCount, [...first.comments], (r) => r.comments),
  };
}
