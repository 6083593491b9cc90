import { app, clipboard } from 'electron'
import { arch, release } from 'node:os'
import { diagnosticsText } from '../logs/diagnostics'
import type { AppLog } from '../logs/rotating-log'

/** Help → Copy Diagnostics: the text on the clipboard, scrubbed of keys and codes. */
export async function copyDiagnostics(o: {
  dataDir: string
  log: AppLog
  keys: Iterable<string>
}): Promise<void> {
  const text = await diagnosticsText({
    app: { name: app.getName(), version: app.getVersion() },
    versions: process.versions,
    os: { platform: process.platform, release: release(), arch: arch() },
    dataDir: o.dataDir,
    recentErrors: o.log.recentErrors(),
    keys: o.keys
  })
  clipboard.writeText(text)
  o.log.info('Diagnostics copied to the clipboard.')
}
