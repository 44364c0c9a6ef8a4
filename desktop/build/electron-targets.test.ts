import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { resolveConfig } from 'vite';
import { build } from 'vite-plugin-electron';
import { desktopPackageFiles, electronTargets, onStart } from './electron-targets';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'bb-desktop-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The `require(...)` calls of a built file. */
const requiresOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!).sort();

describe('the desktop build (vite-plugin-electron)', () => {
  it('when main and preload are built, then each is one CommonJS file and the preload requires only electron', async () => {
    for (const target of electronTargets(root, out)) await build({ ...target, vite: { ...target.vite, logLevel: 'silent' } });
    expect(requiresOf(join(out, 'preload', 'preload.js'))).toEqual(['electron']);
    const preload = readFileSync(join(out, 'preload', 'preload.js'), 'utf8');
    expect(preload).toContain('exposeInMainWorld("desktop"');
    expect(preload).not.toMatch(/\bimport\s|export\s/);
    // main bundles the shared code and zod: only Electron and Node's own modules stay outside.
    expect(requiresOf(join(out, 'main', 'main.js')).every((m) => m === 'electron' || m.startsWith('node:'))).toBe(true);
    expect(JSON.parse(readFileSync(join(out, 'package.json'), 'utf8'))).toEqual({ type: 'commonjs' });
  }, 120_000);

  it('when BUILDBOARD_URL is set at build time, then it becomes the suggested server', () => {
    desktopPackageFiles(out, { BUILDBOARD_URL: ' https://buildboard.example ' });
    expect(JSON.parse(readFileSync(join(out, 'build-config.json'), 'utf8'))).toEqual({ defaultServerUrl: 'https://buildboard.example' });
  });

  it('when `vite --mode desktop` rebuilds main, then Electron restarts on the repository root, sandboxed', async () => {
    const startup = vi.fn(async () => true);
    const reload = vi.fn();
    onStart(root, 'main', () => true)({ startup, reload });
    expect(startup).toHaveBeenCalledWith(['.'], { cwd: root }); // no --no-sandbox
    expect(reload).not.toHaveBeenCalled();
  });

  it('when the preload is rebuilt, then a running window reloads, and a first build starts Electron', () => {
    const startup = vi.fn(async () => true);
    const reload = vi.fn();
    onStart(root, 'preload', () => true)({ startup, reload });
    expect(reload).toHaveBeenCalledOnce();
    expect(startup).not.toHaveBeenCalled();
    onStart(root, 'preload', () => false)({ startup, reload });
    expect(startup).toHaveBeenCalledWith(['.'], { cwd: root });
  });

  it('when the config is resolved in desktop mode, then the renderer goes to dist/desktop/web with the Electron plugins; the web build is unchanged', async () => {
    const desktop = await resolveConfig({ configFile: join(root, 'vite.config.ts'), mode: 'desktop', logLevel: 'silent' }, 'build');
    expect(desktop.build.outDir).toBe(join(root, 'dist', 'desktop', 'web'));
    expect(desktop.plugins.map((p) => p.name)).toEqual(expect.arrayContaining(['buildboard-desktop-clean', 'vite-plugin-electron:prod']));
    const web = await resolveConfig({ configFile: join(root, 'vite.config.ts'), mode: 'production', logLevel: 'silent' }, 'build');
    expect(web.build.outDir).toBe(join(root, 'dist', 'web'));
    expect(web.plugins.map((p) => p.name).filter((n) => n.includes('electron') || n.includes('desktop'))).toEqual([]);
    const dev = await resolveConfig({ configFile: join(root, 'vite.config.ts'), mode: 'desktop', logLevel: 'silent' }, 'serve');
    expect(dev.plugins.map((p) => p.name)).toContain('vite-plugin-electron:dev');
    expect(dev.server.hmr).toMatchObject({ protocol: 'ws', host: 'localhost' });
  }, 60_000);
});
