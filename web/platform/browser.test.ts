import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_FILE_BYTES, MAX_PROJECT_FILES } from '@shared/desktop/desktop-api';
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

describe('browser pickFiles', () => {
  /** A file input whose click() "chooses" the given files, or cancels when given null. */
  function stubDocument(choice: File[] | null) {
    const input = Object.assign(new EventTarget(), {
      type: '',
      multiple: false,
      accept: '',
      style: { display: '' },
      files: null as File[] | null,
      remove: vi.fn(),
      click() {
        if (choice === null) {
          input.dispatchEvent(new Event('cancel'));
        } else {
          input.files = choice;
          input.dispatchEvent(new Event('change'));
        }
      },
    });
    const append = vi.fn();
    vi.stubGlobal('document', { createElement: vi.fn(() => input), body: { append } });
    return { input, append };
  }
  const fileOf = (name: string, size = 3) => new File([new Uint8Array(size)], name);

  it('when files are chosen, then they are returned and the hidden input is removed', async () => {
    const files = [fileOf('index.html'), fileOf('logo.png')];
    const { input, append } = stubDocument(files);
    await expect(browserPlatform.pickFiles({ accept: ['html', 'png'], multiple: true })).resolves.toEqual(files);
    expect(input).toMatchObject({ type: 'file', multiple: true, accept: '.html,.png', style: { display: 'none' } });
    expect(append).toHaveBeenCalledWith(input);
    expect(input.remove).toHaveBeenCalled();
  });

  it('when the dialog is cancelled, then no files are returned', async () => {
    const { input } = stubDocument(null);
    await expect(browserPlatform.pickFiles()).resolves.toEqual([]);
    expect(input.remove).toHaveBeenCalled();
  });

  it(`when more than ${MAX_PROJECT_FILES} files are chosen, then it throws`, async () => {
    stubDocument(Array.from({ length: MAX_PROJECT_FILES + 1 }, (_, i) => fileOf(`f${i}.js`)));
    await expect(browserPlatform.pickFiles({ multiple: true })).rejects.toThrow(`Choose at most ${MAX_PROJECT_FILES} files.`);
  });

  it('when a file is too large, then it throws', async () => {
    stubDocument([fileOf('big.js', MAX_FILE_BYTES + 1)]);
    await expect(browserPlatform.pickFiles()).rejects.toThrow('big.js is larger than 5 MB.');
  });

  it('when a file does not match accept, then it throws', async () => {
    stubDocument([fileOf('run.exe')]);
    await expect(browserPlatform.pickFiles({ accept: ['html'] })).rejects.toThrow(/not an accepted file type/);
  });
});
