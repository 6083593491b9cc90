/** See electron-download.mjs. */
export function downloadSwitchedOff(env: NodeJS.ProcessEnv): boolean
export function whyDownloadFailed(error: unknown): string
export function installElectron(
  root: string,
  options?: { env?: NodeJS.ProcessEnv; out?: NodeJS.WriteStream }
): Promise<{ ok: true } | { ok: false; reason: string }>
