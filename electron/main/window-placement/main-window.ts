import type { Rect } from './rect'

/**
 * Where the main window opens: the size, position and maximised state it last had on a
 * display that is still attached, else a default size centred on the primary display.
 * Plain data in, plain data out; glue/window-placement.ts feeds it Electron's screen.
 */

export interface DisplayInfo {
  id: number
  bounds: Rect
  workArea: Rect
}

export interface Placement {
  /** The window's normal (not maximised) bounds. */
  bounds: Rect
  maximized: boolean
}

interface SavedPlacement extends Placement {
  /** displayKey() of the display the window was on. */
  display: string
}

/** Most recent first, one per display. */
export interface WindowState {
  version: 1
  placements: SavedPlacement[]
}

export const EMPTY_WINDOW_STATE: WindowState = { version: 1, placements: [] }

/** Displays the window was on, remembered; older ones drop off (resolutions change keys). */
export const MAX_REMEMBERED_DISPLAYS = 8

const DEFAULT_SIZE = { width: 1280, height: 800 } as const

/**
 * At least this much of the window, each way, must lie on the display's work area to be
 * restored there: a sliver at the edge is as lost as a window on a detached monitor.
 */
const MIN_VISIBLE = 64

/**
 * A display is the same one only with the same id and the same bounds: ids are reused
 * across docks and resolution changes, and a position saved for one layout means nothing
 * in another.
 */
export function displayKey(display: Pick<DisplayInfo, 'id' | 'bounds'>): string {
  const { x, y, width, height } = display.bounds
  return `${display.id}@${x},${y},${width}x${height}`
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  }
}

/** The saved placement for the newest display still attached whose work area shows it. */
export function choosePlacement(
  state: WindowState,
  displays: readonly DisplayInfo[],
  primary: DisplayInfo
): Placement {
  for (const saved of state.placements) {
    const display = displays.find((d) => displayKey(d) === saved.display)
    if (!display) continue
    const area = display.workArea
    const bounds = {
      ...saved.bounds,
      // The work area can shrink (a taskbar moved) while the display stays the same.
      width: Math.min(saved.bounds.width, area.width),
      height: Math.min(saved.bounds.height, area.height)
    }
    const seen = overlap(bounds, area)
    if (seen.width < Math.min(MIN_VISIBLE, bounds.width)) continue
    if (seen.height < Math.min(MIN_VISIBLE, bounds.height)) continue
    return { bounds, maximized: saved.maximized }
  }
  return { bounds: centred(primary.workArea), maximized: false }
}

function centred(area: Rect): Rect {
  const width = Math.min(DEFAULT_SIZE.width, area.width)
  const height = Math.min(DEFAULT_SIZE.height, area.height)
  return {
    x: area.x + Math.round((area.width - width) / 2),
    y: area.y + Math.round((area.height - height) / 2),
    width,
    height
  }
}

/** The state with `placement` as the newest, replacing what was saved for that display. */
export function recordPlacement(
  state: WindowState,
  display: Pick<DisplayInfo, 'id' | 'bounds'>,
  placement: Placement
): WindowState {
  const key = displayKey(display)
  const b = placement.bounds
  const saved: SavedPlacement = {
    display: key,
    bounds: {
      x: Math.round(b.x),
      y: Math.round(b.y),
      width: Math.round(b.width),
      height: Math.round(b.height)
    },
    maximized: placement.maximized
  }
  return {
    version: 1,
    placements: [saved, ...state.placements.filter((p) => p.display !== key)].slice(
      0,
      MAX_REMEMBERED_DISPLAYS
    )
  }
}
