import { homedir } from 'node:os'
import { join } from 'node:path'

const APP_FOLDER_NAME = 'Seller Desk'

/**
 * The folder Electron's `app.getPath('userData')` resolves to for "Seller Desk", so the
 * browser host and the desktop app share one set of settings, cache and history.
 */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir()
): string {
  if (platform === 'win32')
    return join(env['APPDATA'] || join(home, 'AppData', 'Roaming'), APP_FOLDER_NAME)
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_FOLDER_NAME)
  return join(env['XDG_CONFIG_HOME'] || join(home, '.config'), APP_FOLDER_NAME)
}
