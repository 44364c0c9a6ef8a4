// The production server on a fresh demo data dir, for the scripts that measure the built app as a member
// sees it (npm run lighthouse, npm run check:bundle). Needs a build (npm run build:web); WEB_DIST_DIR
// selects another one.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type DemoServer = { url: string; email: string; password: string; stop: () => void };

/** Starts the server on port 0 with the demo community; answers once it prints its address and a member. */
export async function startDemoServer(): Promise<DemoServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bb-demo-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return await new Promise<DemoServer>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        const url = /Buildboard is running at (http:\/\/\S+)/.exec(out)?.[1];
        const password = /password for all: ([^)]+)\)/.exec(out)?.[1];
        const email = /^\s+(\S+@\S+)/m.exec(out.split('password for all')[1] ?? '')?.[1];
        if (url && password && email) resolve({ url, email, password, stop });
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    });
  } catch (err) {
    stop();
    throw err;
  }
}

/** Signs the demo member in; answers the session's Cookie header. */
export async function signIn({ url, email, password }: Pick<DemoServer, 'url' | 'email' | 'password'>): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
