// npm run desktop:build: the bundled renderer (the same React UI, built by Vite into dist/desktop/web),
// then the main process and the preload (tsc, CommonJS: a sandboxed preload must be one CommonJS file
// that requires only 'electron'), then the CommonJS marker and the build's default server address.
// Packaging (electron-builder) runs on top of this; see README "Desktop app".
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = (p) => fileURLToPath(new URL(`../../dist/desktop/${p}`, import.meta.url));

rmSync(out(''), { recursive: true, force: true });
await build({ configFile: `${root}vite.config.ts`, build: { outDir: out('web'), emptyOutDir: true }, logLevel: 'warn' });
execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${root}tsconfig.desktop.json`], { stdio: 'inherit' });
writeFileSync(out('package.json'), '{ "type": "commonjs" }\n');
// The first-run screen suggests this address; BUILDBOARD_URL at run time still wins.
const defaultServerUrl = process.env.BUILDBOARD_URL?.trim();
if (defaultServerUrl) writeFileSync(out('build-config.json'), `${JSON.stringify({ defaultServerUrl })}\n`);
console.log(`Desktop build ready in ${out('')}${defaultServerUrl ? ` (default server ${defaultServerUrl})` : ''}`);
