import type { WebPreferences } from 'electron'

/**
 * The one sandbox every Seller Desk window gets (main window and lookup window alike):
 * isolated, sandboxed, no Node, only the preload bridge. One function, so a new window
 * cannot quietly get a looser set.
 */
export function secureWebPreferences(options: {
  preloadPath: string
  devTools: boolean
}): WebPreferences {
  return {
    preload: options.preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    devTools: options.devTools,
    spellcheck: false
  }
}
