// Runs Buildboard as a cluster on one machine: N instances (`node server/main.ts`) on one PostgreSQL
// database and one Redis, behind HAProxy with deploy/haproxy.cfg. Used by `npm run start:cluster`
// (deploy/start-cluster.ts) and `npm run bench:realtime`.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type ClusterOptions = {
  instances: number;
  /** Where HAProxy listens (loopback). */
  port: number;
  /** Instance i listens on firstInstancePort + i. */
  firstInstancePort: number;
  databaseUrl: string;
  redisUrl: string;
  /** Shared by the instances: uploaded files, the session secret. */
  dataDir: string;
  /** More environment for the instances. */
  env?: Record<string, string>;
  /** Extra node flags for the instances (the benchmark's memory probe). */
  nodeArgs?: string[];
  /** Echo instance and HAProxy output, prefixed with their names. */
  echo?: boolean;
};

export type Instance = {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Everything it printed so far. */
  output(): string;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
};

export type Cluster = {
  url: string;
  instances: Instance[];
  haproxy: ChildProcess;
  stop(): Promise<void>;
};

const HAPROXY_TEMPLATE = new URL('./haproxy.cfg', import.meta.url);

/** deploy/haproxy.cfg with server lines for these instance ports. */
export function haproxyConfig(ports: number[]): string {
  const http = ports.map((p, i) => `    server app${i + 1} 127.0.0.1:${p} check`).join('\n');
  const realtime = ports.map((p, i) => `    server app${i + 1} 127.0.0.1:${p} track buildboard_http/app${i + 1} cookie app${i + 1}`).join('\n');
  return readFileSync(HAPROXY_TEMPLATE, 'utf8')
    .replace(/( *# BEGIN servers[^\n]*\n)[\s\S]*?( *# END servers)/, `$1${http}\n$2`)
    .replace(/( *# BEGIN realtime servers[^\n]*\n)[\s\S]*?( *# END realtime servers)/, `$1${realtime}\n$2`);
}

export function startInstance(name: string, port: number, opts: ClusterOptions): Promise<Instance> {
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: opts.databaseUrl,
      REDIS_URL: opts.redisUrl,
      DATA_DIR: opts.dataDir,
      // HAProxy runs on this machine: trust its X-Forwarded-For (docs/deployment.md for real hosts).
      TRUST_PROXY: 'loopback',
      // HAProxy checks every second and needs 2 failed checks: keep serving 3 s after SIGTERM.
      SHUTDOWN_DRAIN_DELAY_MS: '3000',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const echo = (chunk: Buffer) => {
    out += chunk.toString();
    if (opts.echo) process.stdout.write(chunk.toString().replace(/^(?=.)/gm, `[${name}] `));
  };
  child.stdout!.on('data', echo);
  child.stderr!.on('data', echo);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${out}`)), 120_000);
    const onData = () => {
      if (!out.includes('Buildboard is running at')) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve({
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        child,
        exited,
        output: () => out,
        stop: () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${out}`));
    });
  });
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  mkdirSync(opts.dataDir, { recursive: true });
  const env = { SESSION_SECRET: process.env.SESSION_SECRET ?? sharedSecret(opts.dataDir), ...opts.env };
  const ports = Array.from({ length: opts.instances }, (_, i) => opts.firstInstancePort + i);
  const instances: Instance[] = [];
  try {
    // The first one alone: it migrates (and seeds an empty database); then the others.
    instances.push(await startInstance('app1', ports[0]!, { ...opts, env }));
    instances.push(...(await Promise.all(ports.slice(1).map((p, i) => startInstance(`app${i + 2}`, p, { ...opts, env })))));
  } catch (err) {
    await Promise.all(instances.map((i) => i.stop()));
    throw err;
  }
  const cfg = join(opts.dataDir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(ports));
  const haproxy = spawn(process.env.HAPROXY_BIN ?? 'haproxy', ['-db', '-f', cfg], {
    env: { ...process.env, BB_BIND: `127.0.0.1:${opts.port}` },
    stdio: ['ignore', opts.echo ? 'inherit' : 'ignore', opts.echo ? 'inherit' : 'pipe'],
  });
  const url = `http://127.0.0.1:${opts.port}`;
  const stop = async () => {
    await Promise.all(instances.map((i) => i.stop()));
    if (haproxy.exitCode === null) haproxy.kill('SIGTERM');
  };
  // Up once every instance is healthy through it.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (haproxy.exitCode !== null) {
      await stop();
      throw new Error(`haproxy exited with ${haproxy.exitCode}`);
    }
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error('HAProxy did not answer /api/health within 30 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, instances, haproxy, stop };
}

/** One session secret for every instance (they share sign-ins), kept in the data dir. */
function sharedSecret(dataDir: string): string {
  const file = join(dataDir, 'cluster-session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
