import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './auth';

describe('safeReturnTo (no open redirect after sign-in)', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeReturnTo('/saved')).toBe('/saved');
    expect(safeReturnTo('/projects/12?tab=files#top')).toBe('/projects/12?tab=files#top');
  });

  it('refuses control characters and backslashes that browsers strip or turn into slashes', () => {
    for (const evil of ['/\t/evil.example', '/\n/evil.example', '/\r/evil.example', '/\u0000/x', '/\\evil.example', '/\\/evil.example', '/a\\b']) {
      expect(safeReturnTo(evil)).toBe('/');
    }
  });

  it('refuses other origins, scheme-relative and API paths, and non-strings', () => {
    for (const evil of ['https://evil.example/', '//evil.example', '///evil.example', 'evil.example', 'javascript:alert(1)', '/api/logout', '/api']) {
      expect(safeReturnTo(evil)).toBe('/');
    }
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo(['/a'])).toBe('/');
  });

  it('normalises dot segments before deciding', () => {
    expect(safeReturnTo('/x/../api/logout')).toBe('/');
    expect(safeReturnTo('/./saved')).toBe('/saved');
  });
});
