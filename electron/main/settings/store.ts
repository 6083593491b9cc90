import { copyFile, mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../storage/atomic-file'
import { defaultSettings, SettingsSchema, type Settings } from './schema'

export const SETTINGS_FILE = 'settings.json'

export interface SettingsStore {
  read(): Promise<Settings>
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

  const load = async (): Promise<Settings> => {
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return defaultSettings()
      log.warn(
        `[settings] Could not read ${SETTINGS_FILE} (${(e as NodeJS.ErrnoException).code ?? 'error'}); starting with defaults.`
      )
      return defaultSettings()
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined
    }
    const result = SettingsSchema.safeParse(parsed)
    if (result.success) return result.data
    const aside = `${path}.corrupt-${now().toISOString().replace(/[:.]/g, '-')}`
    try {
      await copyFile(path, aside)
      log.warn(`[settings] ${SETTINGS_FILE} was not valid; kept it as ${aside} and started clean.`)
    } catch {
      log.warn(
        `[settings] ${SETTINGS_FILE} was not valid and could not be kept aside; started clean.`
      )
    }
    return defaultSettings()
  }

  const read = (): Promise<Settings> => {
    current ??= load()
    return current
  }

  const update = (change: (s: Settings) => Settings): Promise<Settings> => {
    const run = queue.then(async () => {
      const next = SettingsSchema.parse(change(await read()))
      await mkdir(options.dataDir, { recursive: true })
      await writeFileAtomic(path, `${JSON.stringify(next, null, 2)}\n`)
      current = Promise.resolve(next)
      return next
    })
    queue = run.catch(() => undefined)
    return run
  }

  return { read, update }
}
