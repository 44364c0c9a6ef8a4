import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every production source file under server/ (tests, test kits and migrations left out). */
function serverSources(dir = join(root, 'server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' || e.name === 'migrations' ? [] : serverSources(path);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [relative(root, path)] : [];
  });
}

const offenders = (pattern: RegExp, allowed: string[]) =>
  serverSources().filter((file) => !allowed.includes(file) && pattern.test(readFileSync(join(root, file), 'utf8')));

describe('access rules in server/access only', () => {
  it('when a query filters on suspension, then it does so through server/access/visibility-sql.ts', () => {
    const found = offenders(/\bis_suspended\b|\busers\.isSuspended\b/, [
      'server/access/visibility-sql.ts',
      'server/db/schema/users.ts',
      // The admin portal lists and counts accounts by their status: its own data, not what others see.
      'server/modules/admin/admin.repository.ts',
    ]);
    expect(found).toEqual([]);
  });

  it('when code needs "premium now", then it reads server/access/premium.ts', () => {
    const found = offenders(/\bpremium_expires_at\s*(>|IS NULL)|\bpremiumExpiresAt\.getTime\(\)/, ['server/access/premium.ts']);
    expect(found).toEqual([]);
  });

  it('when the scan runs, then it sees the repositories it guards', () => {
    const files = serverSources();
    expect(files).toContain('server/modules/discovery/discovery.repository.ts');
    expect(files).toContain('server/modules/interactions/interactions.repository.ts');
  });
});
