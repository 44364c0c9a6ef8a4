// The Electron half of the one Vite config (vite.config.ts, `--mode desktop`): vite-plugin-electron builds
// the main process and the preload beside the renderer, and in `vite --mode desktop` rebuilds them on
// change and restarts Electron (main) or reloads the window (preload) while the renderer has HMR.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import electron, { type ElectronOptions } from 'vite-plugin-electron';
import type { Plugin } from 'vite';

/** dist/desktop/{main/main.js, preload/preload.js, web/, package.json, build-config.json} */
export const desktopOutDir = (root: string) => join(root, 'dist', 'desktop');

type Startup = (argv?: string[], options?: SpawnOptions) => Promise<boolean>;
type OnStart = NonNullable<ElectronOptions['onstart']>;

/**
 * Starts (or restarts) Electron on the repository root, whose package.json names the built main. The
 * plugin's default argv adds --no-sandbox; the app sandboxes every renderer, in development too.
 */
export const startElectron = (root: string) => (startup: Startup) => startup(['.'], { cwd: root });

/**
 * Main rebuilt: restart Electron. Preload rebuilt: reload the window, or start Electron when it is not
 * running yet (the first build of both ends with the preload's).
 */
export function onStart(root: string, target: 'main' | 'preload', running = () => !!(process as { electronApp?: ChildProcess }).electronApp): OnStart {
  return ({ startup, reload }) => {
    if (target === 'preload' && running()) reload();
    else void startElectron(root)(startup);
  };
}

/**
 * Build options of the two Node targets. Both are single CommonJS files: a sandboxed preload must be one
 * CommonJS file that requires only 'electron' (everything it imports is inlined), and main is bundled
 * the same way (zod included), so the package needs no node_modules.
 */
export function electronTargets(root: string, outDir = desktopOutDir(root)): ElectronOptions[] {
  const target = (name: 'main' | 'preload'): ElectronOptions => ({
    onstart: onStart(root, name),
    vite: {
      root,
      // Aliases of the repository (@shared) resolve in Node builds too.
      resolve: { alias: { '@shared': join(root, 'shared') } },
      build: {
        outDir: join(outDir, name),
        emptyOutDir: true,
        sourcemap: true,
        // Readable stack traces in crash reports; the files are small.
        minify: false,
        rolldownOptions: {
          input: join(root, 'desktop', name, `${name}.ts`),
          platform: 'node',
          output: { format: 'cjs', codeSplitting: false, entryFileNames: `${name}.js` },
        },
      },
      // Before Electron starts (the plugin's own start-up hook comes after this one).
      plugins: [{ name: 'buildboard-desktop-package-files', closeBundle: () => desktopPackageFiles(outDir) }],
    },
  });
  return [target('main'), target('preload')];
}

/**
 * After the build: the CommonJS marker for the Node targets (the repository's package.json says
 * "module"), and the build's default server address when BUILDBOARD_URL is set.
 */
export function desktopPackageFiles(outDir: string, env: Record<string, string | undefined> = process.env): void {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'package.json'), '{ "type": "commonjs" }\n');
  // The first-run screen suggests this address; BUILDBOARD_URL at run time still wins.
  const defaultServerUrl = env.BUILDBOARD_URL?.trim();
  if (defaultServerUrl) writeFileSync(join(outDir, 'build-config.json'), `${JSON.stringify({ defaultServerUrl })}\n`);
}

/** The plugins `--mode desktop` adds to the web config. */
export function desktopPlugins(root: string, command: 'build' | 'serve'): Plugin[] {
  const outDir = desktopOutDir(root);
  const clean: Plugin = {
    name: 'buildboard-desktop-clean',
    apply: 'build',
    // A clean dist/desktop per build (the renderer's build starts first): nothing of an older layout is packaged.
    buildStart() {
      rmSync(outDir, { recursive: true, force: true });
    },
  };
  return [...(command === 'build' ? [clean] : []), ...electron(electronTargets(root, outDir))];
}
