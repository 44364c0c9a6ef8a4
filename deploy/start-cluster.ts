// npm run start:cluster: N instances (CLUSTER_INSTANCES, default 2) on PostgreSQL and Redis behind HAProxy,
// on one machine, as docs/deployment.md describes for real hosts. Ctrl-C stops everything gracefully.
import pg from 'pg';
import { startCluster } from './cluster';

const instances = Number(process.env.CLUSTER_INSTANCES ?? 2);
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const firstInstancePort = Number(process.env.CLUSTER_FIRST_INSTANCE_PORT ?? 5101);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/buildboard';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const dataDir = process.env.DATA_DIR ?? './data-cluster';

async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

async function main() {
  if (!Number.isInteger(instances) || instances < 1 || instances > 16) throw new Error('CLUSTER_INSTANCES must be 1 to 16');
  await ensureDatabase(databaseUrl);
  const cluster = await startCluster({ instances, port, firstInstancePort, databaseUrl, redisUrl, dataDir, echo: true });
  const ports = cluster.instances.map((i) => i.port).join(', ');
  console.log(`\n  Buildboard cluster: ${cluster.url} (HAProxy) -> ${instances} instances on ports ${ports}\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('stopping the cluster');
    cluster.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
