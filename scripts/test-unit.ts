// `npm run test:unit`: the Vitest projects as two processes at once, the PGlite API files in one and the
// unit and PostgreSQL files in the other. Each process keeps one worker: PGlite runs in its worker's thread
// and PostgreSQL mostly in the database server's, so the two use both cores; and no two files that use
// PostgreSQL run at once, so one file's bulk load never holds back another database's sync pulls (the
// horizon is cluster-wide).
// Extra arguments go to both processes (a file filter, -t). Exits non-zero when either fails.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const GROUPS = [['api-pglite'], ['unit', 'api-postgres']] as const;

function run(projects: readonly string[], extra: string[]): Promise<number> {
  const tag = `[${projects.join(' + ')}] `;
  const child = spawn('npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Whole lines, each tagged with its process, so the two streams can be read apart.
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: stream }).on('line', (line) => out.write(tag + line + '\n'));
  }
  return new Promise((resolve) => {
    child.on('error', (err) => {
      process.stderr.write(`${tag}could not start Vitest: ${err.message}\n`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const extra = process.argv.slice(2);
const codes = await Promise.all(GROUPS.map((projects) => run(projects, extra)));
GROUPS.forEach((projects, i) => process.stdout.write(`${projects.join(' + ')}: ${codes[i] === 0 ? 'passed' : `failed (exit ${codes[i]})`}\n`));
process.exit(codes.every((c) => c === 0) ? 0 : 1);
