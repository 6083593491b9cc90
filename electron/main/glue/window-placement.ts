import { screen, type BrowserWindow, type Display } from 'electron'
import {
  choosePlacement,
  recordPlacement,
  type DisplayInfo,
  type Placement
} from '../window-placement/main-window'
import { WindowStateFile } from '../window-placement/window-state-file'

export interface WindowStateKeeper {
  /** Where a new main window goes, given the displays attached now. */
  placement(): Placement
  /** Remembers the window's placement as it moves, resizes, (un)maximises and closes. */
  track(win: BrowserWindow): BrowserWindow
}

const info = (d: Display): DisplayInfo => ({ id: d.id, bounds: d.bounds, workArea: d.workArea })

/**
 * The glue only reads Electron's screen and window; choosing and storing is
 * window-placement/ (plain Node). Moves and resizes arrive many times a second while the user
 * drags, so they are saved once things settle; closing saves at once.
 */
export async function openWindowState(
  dataDir: string,
  options: { settleMs?: number } = {}
): Promise<WindowStateKeeper> {
  const file = new WindowStateFile(dataDir)
  let state = await file.read()
  const settleMs = options.settleMs ?? 500

  return {
    placement: () =>
      choosePlacement(state, screen.getAllDisplays().map(info), info(screen.getPrimaryDisplay())),
    track(win) {
      let timer: ReturnType<typeof setTimeout> | null = null
      const save = (): void => {
        if (timer) clearTimeout(timer)
        timer = null
        if (win.isDestroyed()) return
        const bounds = win.getNormalBounds()
        state = recordPlacement(state, screen.getDisplayMatching(bounds), {
          bounds,
          maximized: win.isMaximized()
        })
        void file.save(state)
      }
      const later = (): void => {
        if (timer) clearTimeout(timer)
        timer = setTimeout(save, settleMs)
      }
      win.on('resize', later)
      win.on('move', later)
      win.on('maximize', save)
      win.on('unmaximize', save)
      win.on('close', save)
      return win
    }
  }
}
