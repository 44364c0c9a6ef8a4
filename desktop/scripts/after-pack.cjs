// electron-builder afterPack hook: sets Electron's fuses on the packaged binary (before signing), so
// the shipped app cannot be turned into a Node runtime or made to load code from outside its ASAR.
/* eslint-disable @typescript-eslint/no-require-imports -- electron-builder loads this hook as CommonJS */
const { join } = require('node:path');
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');

/** The fuses of every Buildboard build: no way to run the binary as plain Node or load code from outside the ASAR. */
const FUSES = {
  version: FuseVersion.V1,
  [FuseV1Options.RunAsNode]: false, // ELECTRON_RUN_AS_NODE is ignored
  [FuseV1Options.EnableCookieEncryption]: true, // the session cookie is encrypted at rest (OS keychain)
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false, // no --inspect into the main process
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false, // the UI is served from app://, not file://
};

/** The Electron binary (or macOS .app bundle) inside electron-builder's output folder. */
function electronBinary(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  const name = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return join(appOutDir, `${name}.app`);
  if (electronPlatformName === 'win32') return join(appOutDir, `${name}.exe`);
  return join(appOutDir, packager.executableName);
}

async function afterPack(context) {
  const isMac = context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas';
  // Flipping fuses breaks an ad-hoc signature; arm64 macOS needs one to start, so it is redone.
  await flipFuses(electronBinary(context), { ...FUSES, resetAdHocDarwinSignature: isMac && context.arch === 3 });
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.FUSES = FUSES;
module.exports.electronBinary = electronBinary;
