import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { openDatabase } from '../db/client';
import { findUserByEmail, insertUser } from '../modules/users/users.repository';
import { runAdminCommand } from './admin-command';

const run = promisify(execFile);

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('admin command', () => {
  it('when an admin is granted by email, then the member sees isAdmin; revoke takes it back', async () => {
    const { client, email } = await t.signUp();
    expect((await client.get('/api/auth/user')).body.isAdmin).toBe(false);
    expect(await runAdminCommand(t.deps, ['grant', email.toUpperCase()])).toEqual({
      code: 0,
      message: `${email.toUpperCase()} is now an admin`,
    });
    // Takes effect on the next request: the user is loaded per request.
    expect((await client.get('/api/auth/user')).body.isAdmin).toBe(true);
    expect((await runAdminCommand(t.deps, ['revoke', email])).code).toBe(0);
    expect((await client.get('/api/auth/user')).body.isAdmin).toBe(false);
  });

  it('when the email has no account or the words are wrong, then a non-zero code and a clear message', async () => {
    expect(await runAdminCommand(t.deps, ['grant', 'ghost@example.com'])).toEqual({
      code: 1,
      message: 'No account with the email ghost@example.com',
    });
    expect((await runAdminCommand(t.deps, ['promote', 'x@example.com'])).code).toBe(2);
  });
});

describe('npm run admin (the real command line)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bb-admin-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.runIf(process.env.TEST_DB !== 'postgres')(
    'when run against an embedded database, then it grants and reports',
    async () => {
      const env = { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false' };
      // An empty database: no such account.
      await expect(run('npx', ['tsx', 'server/cli/admin.ts', 'grant', 'a@example.com'], { env })).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('No account with the email a@example.com'),
      });
      // An account made before: the command grants it, as the server will see it.
      const database = openDatabase({ dataDir });
      await database.migrate();
      await insertUser(database.db, { email: 'a@example.com', handle: 'cli_member' });
      await database.close();
      const ok = await run('npx', ['tsx', 'server/cli/admin.ts', 'grant', 'a@example.com'], { env });
      expect(ok.stdout).toContain('a@example.com is now an admin');
      const reopened = openDatabase({ dataDir });
      expect((await findUserByEmail(reopened.db, 'a@example.com'))?.isAdmin).toBe(true);
      await reopened.close();
      const usage = await run('npx', ['tsx', 'server/cli/admin.ts'], { env }).catch((e: { stderr: string }) => e);
      expect(usage.stderr).toContain('Usage: npm run admin -- grant <email> | revoke <email>');
    },
    60_000,
  );
});
