import { createRequire } from 'node:module';
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const hook = require('./after-pack.cjs') as {
  FUSES: Record<string, unknown>;
  electronBinary: (context: unknown) => string;
};

const context = (electronPlatformName: string) => ({
  appOutDir: '/out',
  electronPlatformName,
  packager: { appInfo: { productFilename: 'Buildboard' }, executableName: 'buildboard' },
});

describe('afterPack fuses', () => {
  it('when packaging, then the fuses of the issue are set', () => {
    expect(hook.FUSES).toMatchObject({
      version: FuseVersion.V1,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    });
  });

  it.each([
    ['darwin', '/out/Buildboard.app'],
    ['win32', '/out/Buildboard.exe'],
    ['linux', '/out/buildboard'],
  ])('when packaging for %s, then the fuses go on %s', (platform, binary) => {
    expect(hook.electronBinary(context(platform)).replaceAll('\\', '/')).toBe(binary);
  });
});
