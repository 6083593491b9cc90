import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { scrubLine } from './scrub-line'

export interface DiagnosticsInput {
  app: { name: string; version: string }
  versions: { electron?: string; chrome?: string; node: string }
  os: { platform: string; release: string; arch: string }
  dataDir: string
  recentErrors: string[]
  keys: Iterable<string>
}

async function sizeOf(path: string): Promise<number> {
  const info = await stat(path)
  if (!info.isDirectory()) return info.size
  let total = 0
  for (const entry of await readdir(path)) total += await sizeOf(join(path, entry)).catch(() => 0)
  return total
}

const human = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`

/**
 * What Help → Copy diagnostics puts on the clipboard for a seller writing to support:
 * versions, system, the data folder's size by entry and the last errors. Every line goes
 * through the log's scrubber once more, so no key or purchase code can be in it.
 */
export async function diagnosticsText(d: DiagnosticsInput): Promise<string> {
  const entries = await readdir(d.dataDir).catch(() => [] as string[])
  const sizes = await Promise.all(
    entries
      .sort()
      .map(async (e) => `  ${e}: ${human(await sizeOf(join(d.dataDir, e)).catch(() => 0))}`)
  )
  const keys = [...d.keys]
  const lines = [
    `${d.app.name} ${d.app.version}`,
    `Electron ${d.versions.electron ?? '(browser host)'}, Chromium ${d.versions.chrome ?? '-'}, Node ${d.versions.node}`,
    `System: ${d.os.platform} ${d.os.release} ${d.os.arch}`,
    `Data folder: ${d.dataDir}`,
    ...(sizes.length ? sizes : ['  (empty)']),
    `Last errors (${d.recentErrors.length}):`,
    ...(d.recentErrors.length ? d.recentErrors.map((e) => `  ${e}`) : ['  none'])
  ]
  return `${lines.map((l) => scrubLine(l, keys)).join('\n')}\n`
}
