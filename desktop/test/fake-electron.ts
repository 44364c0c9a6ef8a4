// An in-memory stand-in for the 'electron' module, so the desktop code is tested without the
// Electron binary. Use: vi.mock('electron', async () => (await import('../test/fake-electron')).createFakeElectron());
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

type Listener = (...args: unknown[]) => unknown;
type WindowOpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' };

export class FakeEvent {
  defaultPrevented = false;
  constructor(readonly url = '', readonly isMainFrame = true) {}
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

let nextContentsId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  destroyed = false;
  isDestroyed = vi.fn(() => this.destroyed);
  windowOpenHandler: WindowOpenHandler | undefined;
  send = vi.fn((_channel: string, ..._args: unknown[]) => {});
  setWindowOpenHandler = vi.fn((handler: WindowOpenHandler) => {
    this.windowOpenHandler = handler;
  });
}

export function createFakeElectron() {
  const windows: FakeBrowserWindow[] = [];

  class FakeBrowserWindow extends EventEmitter {
    static getAllWindows = vi.fn(() => windows.filter((w) => !w.destroyed));
    static fromWebContents = vi.fn((contents: unknown) => windows.find((w) => w.webContents === contents) ?? null);
    /** What every loadURL call resolves to; make it reject to simulate a server that is down. */
    static loadResult = vi.fn(async (_url: string): Promise<void> => {});
    readonly webContents = new FakeWebContents();
    destroyed = false;
    minimized = false;
    loadURL = vi.fn((url: string) => FakeBrowserWindow.loadResult(url));
    show = vi.fn();
    focus = vi.fn();
    restore = vi.fn();
    isDestroyed = vi.fn(() => this.destroyed);
    isMinimized = vi.fn(() => this.minimized);
    constructor(readonly options: Record<string, unknown>) {
      super();
      windows.push(this);
    }
  }

  class FakeNotification extends EventEmitter {
    static isSupported = vi.fn(() => true);
    static instances: FakeNotification[] = [];
    show = vi.fn();
    constructor(readonly options: { title: string; body: string }) {
      super();
      FakeNotification.instances.push(this);
    }
  }

  const handlers = new Map<string, Listener>();
  const ipcMain = {
    handlers,
    handle: vi.fn((channel: string, listener: Listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    }),
    removeHandler: vi.fn((channel: string) => handlers.delete(channel)),
  };

  const app = Object.assign(new EventEmitter(), {
    requestSingleInstanceLock: vi.fn(() => true),
    whenReady: vi.fn(() => Promise.resolve()),
    isReady: vi.fn(() => true),
    getPath: vi.fn((_name: string) => '/tmp/buildboard-fake-user-data'),
    setAsDefaultProtocolClient: vi.fn(() => true),
    setBadgeCount: vi.fn((_count: number) => true),
    enableSandbox: vi.fn(),
    setAppUserModelId: vi.fn(),
    getVersion: vi.fn(() => '1.2.3'),
    isPackaged: false,
    quit: vi.fn(),
    exit: vi.fn(),
  });

  return {
    app,
    BrowserWindow: FakeBrowserWindow,
    Notification: FakeNotification,
    ipcMain,
    ipcRenderer: {
      invoke: vi.fn(async (..._args: unknown[]): Promise<unknown> => undefined),
      on: vi.fn((_channel: string, _listener: (...args: unknown[]) => void) => {}),
      removeListener: vi.fn((_channel: string, _listener: (...args: unknown[]) => void) => {}),
    },
    contextBridge: { exposeInMainWorld: vi.fn() },
    shell: { openExternal: vi.fn(async (_url: string) => {}) },
    dialog: {
      showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] as string[] })),
      showErrorBox: vi.fn(),
    },
    protocol: { registerSchemesAsPrivileged: vi.fn() },
    Menu: {
      buildFromTemplate: vi.fn((template: unknown[]) => ({ template })),
      setApplicationMenu: vi.fn((_menu: unknown) => {}),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: vi.fn(),
        setPermissionCheckHandler: vi.fn(),
        fetch: vi.fn(async (_url: string, _init?: unknown) => new Response('')),
        protocol: { handle: vi.fn((_scheme: string, _handler: (request: Request) => Promise<Response>) => {}) },
      },
    },
    /** Windows created so far, oldest first. */
    windows,
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
export type FakeBrowserWindow = InstanceType<FakeElectron['BrowserWindow']>;
