import { describe, expect, it } from 'vitest';
import { notificationTarget, pushSeenBefore } from './use-live-notifications';

describe('notificationTarget', () => {
  it('when the link is an app path, then a click goes there', () => {
    expect(notificationTarget('/project/12')).toBe('/project/12');
  });

  it.each([null, '', 'https://evil.example/', '//evil.example', '/project/1?tab=x'])('when the link is %s, then the list', (link) => {
    expect(notificationTarget(link)).toBe('/notifications');
  });
});

describe('pushSeenBefore', () => {
  it('when the same notification is pushed twice, then only the first is shown', () => {
    const seenBefore = pushSeenBefore();
    expect([7, 8, 7, 9, 8].map(seenBefore)).toEqual([false, false, true, false, true]);
  });

  it('when more than the limit have come since, then an old id counts as new (the set stays small)', () => {
    const seenBefore = pushSeenBefore(2);
    expect([1, 2, 3, 1, 3].map(seenBefore)).toEqual([false, false, false, false, true]);
  });
});
