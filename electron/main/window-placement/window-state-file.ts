import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../storage/atomic-file'
import { EMPTY_WINDOW_STATE, MAX_REMEMBERED_DISPLAYS, type WindowState } from './main-window'

export const WINDOW_STATE_FILE = 'window-state.json'

const coordinate = z.number().int().min(-1_000_000).max(1_000_000)
const size = z.number().int().min(1).max(1_000_000)

const schema = z.object({
  version: z.literal(1),
  placements: z
    .array(
      z.object({
        display: z.string().min(1).max(200),
        bounds: z.object({ x: coordinate, y: coordinate, width: size, height: size }),
        maximized: z.boolean()
      })
    )
    .max(MAX_REMEMBERED_DISPLAYS)
})

/**
 * The main window's remembered placements, in the data folder. A missing or damaged file
 * is the same as none (the window opens at its default place; nothing else depends on it)
 * and is replaced at the next save. Saves go one at a time, newest last, each written
 * atomically, so the file never holds a torn or an older state than the last one asked for.
 */
export class WindowStateFile {
  private readonly path: string
  private queue: Promise<void> = Promise.resolve()

  constructor(dataDir: string) {
    this.path = join(dataDir, WINDOW_STATE_FILE)
  }

  async read(): Promise<WindowState> {
    try {
      const parsed = schema.safeParse(JSON.parse(await readFile(this.path, 'utf8')))
      return parsed.success ? parsed.data : EMPTY_WINDOW_STATE
    } catch {
      return EMPTY_WINDOW_STATE
    }
  }

  /**
   * Resolves once this state is on disk. A state the schema refuses (a window bigger than
   * any screen) or a failed write is dropped: window state is a nicety, never an error.
   */
  save(state: WindowState): Promise<void> {
    const checked = schema.safeParse(state)
    if (!checked.success) return this.queue
    const data = `${JSON.stringify(checked.data, null, 2)}\n`
    this.queue = this.queue.then(() => writeFileAtomic(this.path, data).catch(() => undefined))
    return this.queue
  }
}
