import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserPlatform } from './browser';

// The unit project runs in node, so the few DOM pieces used here are faked.

afterEach(() => vi.unstubAllGlobals());

describe('browser openExternal', () => {
  it('when given an https URL, then it opens a new tab without an opener', async () => {
    const open = vi.fn();
    vi.stubGlobal('window', { open });
    await browserPlatform.openExternal('https://github.com');
    expect(open).toHaveBeenCalledWith('https://github.com', '_blank', 'noopener,noreferrer');
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,hi'])(
    'when given %s, then it throws and opens nothing',
    async (url) => {
      const open = vi.fn();
      vi.stubGlobal('window', { open });
      await expect(browserPlatform.openExternal(url)).rejects.toThrow();
      expect(open).not.toHaveBeenCalled();
    },
  );
});

describe('browser notify', () => {
  function stubNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
    const shown: unknown[][] = [];
    const FakeNotification = Object.assign(
      function (this: unknown, ...args: unknown[]) {
        shown.push(args);
      },
      { permission, requestPermission: vi.fn(async () => answer) },
    );
    vi.stubGlobal('Notification', FakeNotification);
    return { shown, requestPermission: FakeNotification.requestPermission };
  }

  it('when permission is granted, then a notification is shown', async () => {
    const { shown } = stubNotification('granted');
    await browserPlatform.notify('New comment', 'Ada replied');
    expect(shown).toEqual([['New comment', { body: 'Ada replied' }]]);
  });

  it('when permission was not asked yet, then it asks and shows if allowed', async () => {
    const { shown, requestPermission } = stubNotification('default', 'granted');
    await browserPlatform.notify('Hi', 'there');
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(shown).toHaveLength(1);
  });

  it('when permission is denied, then nothing is shown', async () => {
    const { shown, requestPermission } = stubNotification('denied');
    await browserPlatform.notify('Hi', 'there');
    expect(requestPermission).not.toHaveBeenCalled();
    expect(shown).toHaveLength(0);
  });

  it('when the browser has no Notification API, then it does nothing', async () => {
    vi.stubGlobal('Notification', undefined);
    await expect(browserPlatform.notify('Hi', 'there')).resolves.toBeUndefined();
  });
});

describe('browser extras', () => {
  it('when in a browser, then there are no native pickers, server setting or badge', async () => {
    expect(browserPlatform.pickProjectFiles).toBeNull();
    expect(browserPlatform.serverSettings).toBeNull();
    await expect(browserPlatform.loadSocketTransports()).resolves.toBeUndefined();
    await expect(browserPlatform.setBadgeCount(3)).resolves.toBeUndefined();
    const stop = browserPlatform.onNavigate(() => {});
    expect(() => stop()).not.toThrow();
  });
});
