import { describe, expect, it } from 'vitest';
import { notificationTarget } from './use-live-notifications';

describe('notificationTarget', () => {
  it('when the link is an app path, then a click goes there', () => {
    expect(notificationTarget('/project/12')).toBe('/project/12');
  });

  it.each([null, '', 'https://evil.example/', '//evil.example', '/project/1?tab=x'])('when the link is %s, then the list', (link) => {
    expect(notificationTarget(link)).toBe('/notifications');
  });
});
