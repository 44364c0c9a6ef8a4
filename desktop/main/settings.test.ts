import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_CONFIG_FILE, defaultServerUrl, normalizeServerUrl, SettingsStore } from './settings';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'buildboard-settings-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('normalizeServerUrl', () => {
  it('when given an http(s) address, then its origin', () => {
    expect(normalizeServerUrl(' https://Buildboard.example/ ')).toBe('https://buildboard.example');
    expect(normalizeServerUrl('http://localhost:5000/bb/')).toBe('http://localhost:5000');
  });

  it.each(['file:///x', 'javascript:alert(1)', '', 3, null])('when given %s, then null', (value) => {
    expect(normalizeServerUrl(value)).toBeNull();
  });
});

describe('defaultServerUrl', () => {
  it('when BUILDBOARD_URL is set, then it wins over the build default', async () => {
    await writeFile(join(dir, BUILD_CONFIG_FILE), JSON.stringify({ defaultServerUrl: 'https://build.example' }));
    expect(defaultServerUrl({ BUILDBOARD_URL: 'https://env.example' }, dir)).toBe('https://env.example');
    expect(defaultServerUrl({}, dir)).toBe('https://build.example');
  });

  it('when neither is set or valid, then there is no default', () => {
    expect(defaultServerUrl({ BUILDBOARD_URL: 'file:///etc' }, dir)).toBeNull();
  });
});

describe('SettingsStore', () => {
  it('when nothing is saved, then there is no server (the first-run screen shows) and the default is suggested', () => {
    const store = new SettingsStore(join(dir, 'settings.json'), 'https://env.example');
    expect(store.snapshot()).toEqual({ serverUrl: null, defaultUrl: 'https://env.example' });
  });

  it('when an address is saved, then it is kept on disk for the next start', async () => {
    const file = join(dir, 'nested', 'settings.json');
    await new SettingsStore(file, null).setServerUrl('https://buildboard.example/');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ serverUrl: 'https://buildboard.example' });
    expect(new SettingsStore(file, null).current()).toBe('https://buildboard.example');
  });

  it('when the file is broken or holds a bad address, then nothing is saved', async () => {
    await writeFile(join(dir, 'a.json'), '{nope');
    await writeFile(join(dir, 'b.json'), JSON.stringify({ serverUrl: 'javascript:alert(1)' }));
    expect(new SettingsStore(join(dir, 'a.json'), null).current()).toBeNull();
    expect(new SettingsStore(join(dir, 'b.json'), null).current()).toBeNull();
  });

  it('when the address is cleared (Change Server...), then none is saved, also after a restart', async () => {
    const file = join(dir, 'settings.json');
    const store = new SettingsStore(file, null);
    await store.setServerUrl('https://buildboard.example');
    await store.clearServerUrl();
    expect(store.current()).toBeNull();
    expect(new SettingsStore(file, null).current()).toBeNull();
  });

  it('when given a bad address to save, then it throws', async () => {
    await expect(new SettingsStore(join(dir, 's.json'), null).setServerUrl('ftp://x')).rejects.toThrow(TypeError);
  });
});
