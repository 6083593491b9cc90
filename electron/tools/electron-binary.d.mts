/** See electron-binary.mjs. */
export function findElectronBinary(
  root: string,
  env?: NodeJS.ProcessEnv
): { path: string } | { missing: string }
