import { app, session, shell, type IpcMainInvokeEvent, type WebContents } from 'electron'
import { safeExternalUrl } from '../ipc/external-url'

/**
 * The Electron security checklist, in one place: no navigation away, no new windows,
 * no webviews, every permission request denied, external links only for http(s).
 */
export function hardenApp(isAppUrl: (url: string) => boolean): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault()
    })
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault()
    })
    contents.on('will-attach-webview', (event) => event.preventDefault())
    contents.setWindowOpenHandler(({ url }) => {
      const safe = safeExternalUrl(url)
      if (safe) void shell.openExternal(safe)
      return { action: 'deny' }
    })
  })
  app.whenReady().then(() => {
    session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false))
    session.defaultSession.setPermissionCheckHandler(() => false)
  })
}

export function senderCheck(isAppUrl: (url: string) => boolean) {
  return (event: IpcMainInvokeEvent): boolean => {
    const frame = event.senderFrame
    return frame !== null && frame.parent === null && isAppUrl(frame.url)
  }
}
