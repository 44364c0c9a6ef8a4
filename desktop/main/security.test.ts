import * as electron from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEvent, FakeWebContents, type FakeElectron } from '../test/fake-electron';
import { hardenWebContents, isTrustedSender, originOf, restrictPermissions } from './security';

vi.mock('electron', async () => (await import('../test/fake-electron')).createFakeElectron());

const fake = electron as unknown as FakeElectron;
const APP = 'app://buildboard';

beforeEach(() => vi.clearAllMocks());

describe('originOf', () => {
  it('when given http(s) URLs, then returns their origin', () => {
    expect(originOf('http://localhost:5000/projects/1?x=1')).toBe('http://localhost:5000');
    expect(originOf('https://Example.com:443/a')).toBe('https://example.com');
  });

  it('when given the app scheme, then returns the app origin', () => {
    expect(originOf('app://buildboard/project/1')).toBe(APP);
    expect(originOf('app://other/')).toBe('app://other');
  });

  it('when given opaque or broken URLs, then returns null', () => {
    expect(originOf('file:///etc/passwd')).toBeNull();
    expect(originOf('data:text/html,hi')).toBeNull();
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('not a url')).toBeNull();
  });
});

describe('isTrustedSender', () => {
  const appContents = { id: 1 };
  const popup = { id: 2 };
  const isApp = (sender: unknown) => sender === appContents;
  const from = (url: string | null, parent: unknown = null, sender: unknown = appContents) => ({
    sender,
    senderFrame: url === null ? null : { url, parent },
  });

  it('when the top frame of the app window shows the app origin, then it is trusted', () => {
    expect(isTrustedSender(from(`${APP}/feed`), APP, isApp)).toBe(true);
  });

  it('when a subframe sends, even on the app origin (a hosted page), then it is not trusted', () => {
    expect(isTrustedSender(from(`${APP}/hosted/1/`, { url: `${APP}/` }), APP, isApp)).toBe(false);
    expect(isTrustedSender(from('https://preview.example/1/', { url: `${APP}/` }), APP, isApp)).toBe(false);
  });

  it('when another web contents (a popup) sends, then it is not trusted', () => {
    expect(isTrustedSender(from(`${APP}/`, null, popup), APP, isApp)).toBe(false);
  });

  it('when the frame shows another origin, the server, a file, or is gone, then it is not trusted', () => {
    for (const url of ['https://evil.example/', 'http://localhost:5000/', 'app://evil/', 'file:///index.html', 'about:blank', null]) {
      expect(isTrustedSender(from(url), APP, isApp)).toBe(false);
    }
  });
});

describe('hardenWebContents', () => {
  const harden = () => {
    const contents = new FakeWebContents();
    hardenWebContents(contents as unknown as electron.WebContents, APP);
    return contents;
  };
  const emit = (contents: FakeWebContents, name: string, url: string, isMainFrame = true) => {
    const event = new FakeEvent(url, isMainFrame);
    contents.emit(name, event);
    return event;
  };

  it('when a page opens an https window, then it opens in the browser and the window is denied', () => {
    const contents = harden();
    expect(contents.windowOpenHandler?.({ url: 'https://github.com/x' })).toEqual({ action: 'deny' });
    expect(fake.shell.openExternal).toHaveBeenCalledWith('https://github.com/x');
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,hi', 'smb://host/share'])(
    'when a page opens %s, then it is denied and not opened anywhere',
    (url) => {
      const contents = harden();
      expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
      expect(fake.shell.openExternal).not.toHaveBeenCalled();
    },
  );

  it('when the page navigates within the app origin, then navigation proceeds', () => {
    const event = emit(harden(), 'will-navigate', `${APP}/projects/7`);
    expect(event.defaultPrevented).toBe(false);
    expect(fake.shell.openExternal).not.toHaveBeenCalled();
  });

  it('when the page navigates to the server itself, then it is prevented (the app lives on app://)', () => {
    const event = emit(harden(), 'will-navigate', 'http://localhost:5000/');
    expect(event.defaultPrevented).toBe(true);
  });

  it('when the page navigates to a foreign origin, then it is prevented and opened in the browser', () => {
    const event = emit(harden(), 'will-navigate', 'https://evil.example/phish');
    expect(event.defaultPrevented).toBe(true);
    expect(fake.shell.openExternal).toHaveBeenCalledWith('https://evil.example/phish');
  });

  it('when the page navigates to a file: URL, then it is prevented and not opened', () => {
    const event = emit(harden(), 'will-navigate', 'file:///etc/passwd');
    expect(event.defaultPrevented).toBe(true);
    expect(fake.shell.openExternal).not.toHaveBeenCalled();
  });

  it('when the main frame is redirected to a foreign origin, then it is prevented', () => {
    expect(emit(harden(), 'will-redirect', 'https://evil.example/').defaultPrevented).toBe(true);
  });

  it('when a subframe is redirected (a project preview), then it is left alone', () => {
    expect(emit(harden(), 'will-redirect', 'https://preview.example/', false).defaultPrevented).toBe(false);
  });

  it('when a page tries to attach a webview, then it is prevented', () => {
    expect(emit(harden(), 'will-attach-webview', '').defaultPrevented).toBe(true);
  });
});

describe('restrictPermissions', () => {
  type RequestHandler = (c: unknown, p: string, cb: (ok: boolean) => void, d: { requestingUrl: string }) => void;
  type CheckHandler = (c: unknown, p: string, origin: string) => boolean;

  const install = () => {
    const session = fake.session.defaultSession;
    restrictPermissions(session as unknown as electron.Session, APP);
    const request = session.setPermissionRequestHandler.mock.calls[0]?.[0] as RequestHandler;
    const check = session.setPermissionCheckHandler.mock.calls[0]?.[0] as CheckHandler;
    const ask = (permission: string, url: string) => {
      const callback = vi.fn();
      request(null, permission, callback, { requestingUrl: url });
      return callback.mock.calls[0]?.[0] as boolean;
    };
    return { ask, check };
  };

  it('when the app asks for notifications, then they are granted', () => {
    const { ask, check } = install();
    expect(ask('notifications', `${APP}/notifications`)).toBe(true);
    expect(check(null, 'notifications', APP)).toBe(true);
    expect(check(null, 'notifications', `${APP}/`)).toBe(true);
  });

  it('when another origin asks for notifications, then they are denied', () => {
    const { ask, check } = install();
    expect(ask('notifications', 'https://evil.example/')).toBe(false);
    expect(check(null, 'notifications', 'https://evil.example')).toBe(false);
  });

  it.each(['media', 'geolocation', 'clipboard-read', 'openExternal', 'fileSystem'])(
    'when the app asks for %s, then it is denied',
    (permission) => {
      const { ask, check } = install();
      expect(ask(permission, APP)).toBe(false);
      expect(check(null, permission, APP)).toBe(false);
    },
  );
});
