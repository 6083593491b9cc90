import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The parse thread's program: built JavaScript, or (run from source) worker.ts through tsx. */
export interface WorkerScript {
  file: string
  typescript: boolean
}

/** This module's folder, in the CommonJS main bundle and in the ES module host bundle alike. */
function moduleDir(): string {
  return typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url))
}

/** The name the build gives the parse thread's entry (electron.vite.config.ts, host-bundle.ts). */
const WORKER_ENTRY = 'items-worker'

/**
 * Where the parse thread's program is, found from this file's own location. From source
 * (tsx, vitest) worker.ts sits beside this file. Bundled, this code is in out/main (or a
 * chunk folder below it), beside out/main/items-worker.js, or in out/host beside
 * out/host/items-worker.mjs. Null when there is none: the list is then parsed in main.
 */
export function itemsWorkerScript(here: string = moduleDir()): WorkerScript | null {
  const source = join(here, 'worker.ts')
  if (existsSync(source)) return { file: source, typescript: true }
  for (let dir = here, level = 0; level < 2; level++, dir = dirname(dir))
    for (const name of [`${WORKER_ENTRY}.js`, `${WORKER_ENTRY}.mjs`]) {
      const file = join(dir, name)
      if (existsSync(file)) return { file, typescript: false }
    }
  return null
}
