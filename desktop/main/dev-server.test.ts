import { describe, expect, it } from 'vitest';
import { devServerUrl } from './dev-server';

describe('devServerUrl', () => {
  it('when desktop:dev runs Electron, then the UI comes from the local Vite server', () => {
    expect(devServerUrl({ VITE_DEV_SERVER_URL: 'http://localhost:5173/' }, false)).toBe('http://localhost:5173');
  });

  it('when the app is packaged, or the address is not this machine, then the bundled UI is used', () => {
    expect(devServerUrl({ VITE_DEV_SERVER_URL: 'http://localhost:5173/' }, true)).toBeUndefined();
    expect(devServerUrl({ VITE_DEV_SERVER_URL: 'http://evil.example:5173/' }, false)).toBeUndefined();
    expect(devServerUrl({ VITE_DEV_SERVER_URL: 'not a url' }, false)).toBeUndefined();
    expect(devServerUrl({}, false)).toBeUndefined();
  });
});
