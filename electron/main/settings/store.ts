import { copyFile, mkdir } from 'node:fs/promises'
import { AppFailure } from '../ipc/failure'
import { NotARegularFile, readRegularFile } from '../storage/regular-file'
import { join } from 'node:path'
import { sweepTempFiles, writeFileAtomic } from '../storage/atomic-file'
import { defaultSettings, salvageSettings, SettingsSchema, type Settings } from './schema'

export const SETTINGS_FILE = 'settings.json'

export interface SettingsStore {
  read(): Promise<Settings>
  /**
   * What the seller should know about settings.json as it was read: connections that could
   * not be read and were left out (the original kept aside). Null when all was well.
   */
  notice?(): Promise<string | null>
  /** Applies `change` to the current settings and saves the result atomically. */
  update(change: (current: Settings) => Settings): Promise<Settings>
}

export interface SettingsStoreOptions {
  dataDir: string
  log?: { warn(message: string): void }
  now?: () => Date
}

/**
 * settings.json in the data folder. A file that cannot be read as settings is kept aside
 * as `settings.json.corrupt-<time>` and the app starts clean: it never crashes over it.
 * Updates are serialised so two quick changes cannot lose one another.
 */
export function createSettingsStore(options: SettingsStoreOptions): SettingsStore {
  const path = join(options.dataDir, SETTINGS_FILE)
  const log = options.log ?? console
  const now = options.now ?? (() => new Date())
  let current: Promise<Settings> | null = null
  let queue: Promise<unknown> = Promise.resolve()
  let notice: string | null = null
  let blocked: string | null = null

  const load = async (): Promise<Settings> => {
    // settings.json's own temp files, left by a writer killed mid-write, live in the root.
    await sweepTempFiles(options.dataDir)
    let text: string | null
    try {
      text = await readRegularFile(path)
    } catch (e) {
      if (e instanceof NotARegularFile) {
        // Saving would rename over it (or fail on a folder): nothing is saved until it goes.
        blocked = e.message
        notice = e.message
        log.warn(`[settings] ${e.message}`)
        return defaultSettings()
      }
      log.warn(
        `[settings] Could not read ${SETTINGS_FILE} (${(e as NodeJS.ErrnoException).code ?? 'error'}); starting with defaults.`
      )
      return defaultSettings()
    }
    if (text === null) return defaultSettings()
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined
    }
    const result = SettingsSchema.safeParse(parsed)
    if (result.success) return result.data
    // Damage stays local: what can be read is kept (one bad connection drops only itself),
    // and the whole original is kept aside so nothing is lost for good.
    const salvaged = salvageSettings(parsed)
    const aside = `${path}.corrupt-${now().toISOString().replace(/[:.]/g, '-')}`
    const keptAside = await copyFile(path, aside).then(
      () => true,
      () => false
    )
    log.warn(
      `[settings] ${SETTINGS_FILE} was not valid; ${keptAside ? `kept it as ${aside}` : 'could not keep it aside'} and read what it could (${salvaged.dropped} connection(s) left out).`
    )
    if (salvaged.dropped > 0) {
      notice =
        `${salvaged.dropped === 1 ? 'One saved connection' : `${salvaged.dropped} saved connections`} could not be read and ${salvaged.dropped === 1 ? 'was' : 'were'} left out; the others are as you left them. ` +
        (keptAside
          ? `The original settings file is kept as ${aside}; add the missing connection again.`
          : 'Add the missing connection again.')
    }
    return salvaged.settings
  }

  const read = (): Promise<Settings> => {
    current ??= load()
    return current
  }

  const update = (change: (s: Settings) => Settings): Promise<Settings> => {
    const run = queue.then(async () => {
      const next = SettingsSchema.parse(change(await read()))
      if (blocked !== null) throw new AppFailure('internal', blocked)
      await mkdir(options.dataDir, { recursive: true })
      await writeFileAtomic(path, `${JSON.stringify(next, null, 2)}\n`)
      current = Promise.resolve(next)
      return next
    })
    queue = run.catch(() => undefined)
    return run
  }

  return {
    read,
    notice: async () => {
      await read()
      return notice
    },
    update
  }
}
