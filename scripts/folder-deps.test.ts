import { describe, expect, it } from 'vitest';
import { groupCycles, groupOf } from './folder-deps';

const roots = ['server', 'server/modules', 'web', 'web/features'];

describe('folder groups', () => {
  it('when a file sits in a listed folder, then its group is the most specific subfolder', () => {
    expect(groupOf('server/modules/auth/login.ts', roots)).toBe('server/modules/auth');
    expect(groupOf('server/db/seed/demo.ts', roots)).toBe('server/db');
    expect(groupOf('web/features/explore/explore-page.tsx', roots)).toBe('web/features/explore');
  });

  it('when a file sits directly in a listed folder, then it is a group of its own', () => {
    expect(groupOf('server/deps.ts', roots)).toBe('server/deps.ts');
    expect(groupOf('server/modules/index.ts', roots)).toBe('server/modules/index.ts');
  });

  it('when two folders import each other through different files, then the circle is reported with those files', () => {
    const cycles = groupCycles(
      {
        'server/db/seed.ts': ['server/modules/auth/password.ts'],
        'server/modules/auth/login.ts': ['server/db/client.ts'],
        'server/db/client.ts': [],
        'server/modules/auth/password.ts': [],
      },
      roots,
    );
    expect(cycles).toEqual([
      {
        groups: ['server/db', 'server/modules/auth'],
        edges: [
          { from: 'server/db', to: 'server/modules/auth', files: ['server/db/seed.ts -> server/modules/auth/password.ts'] },
          { from: 'server/modules/auth', to: 'server/db', files: ['server/modules/auth/login.ts -> server/db/client.ts'] },
        ],
      },
    ]);
  });

  it('when folders depend one way, then no circle is reported', () => {
    const files = { 'server/modules/users/a.ts': ['server/db/client.ts'], 'server/modules/auth/b.ts': ['server/modules/users/a.ts'] };
    expect(groupCycles(files, roots)).toEqual([]);
  });

  it('when three folders form a ring, then one circle names all three', () => {
    const files = { 'web/a/x.ts': ['web/b/y.ts'], 'web/b/y.ts': ['web/c/z.ts'], 'web/c/z.ts': ['web/a/x.ts'] };
    expect(groupCycles(files, roots).map((c) => c.groups)).toEqual([['web/a', 'web/b', 'web/c']]);
  });
});
