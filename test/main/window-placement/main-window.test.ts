import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  choosePlacement,
  displayKey,
  EMPTY_WINDOW_STATE,
  MAX_REMEMBERED_DISPLAYS,
  recordPlacement,
  type DisplayInfo,
  type WindowState
} from '../../../electron/main/window-placement/main-window'
import {
  WINDOW_STATE_FILE,
  WindowStateFile
} from '../../../electron/main/window-placement/window-state-file'

// Choosing where the main window opens, and keeping that in the data folder: plain Node,
// real files.

const laptop: DisplayInfo = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1440, height: 900 },
  workArea: { x: 0, y: 25, width: 1440, height: 875 }
}
const monitor: DisplayInfo = {
  id: 2,
  bounds: { x: 1440, y: 0, width: 2560, height: 1440 },
  workArea: { x: 1440, y: 0, width: 2560, height: 1400 }
}
const onMonitor = { bounds: { x: 1600, y: 100, width: 1800, height: 1100 }, maximized: true }
const onLaptop = { bounds: { x: 40, y: 60, width: 1000, height: 700 }, maximized: false }
const both = recordPlacement(
  recordPlacement(EMPTY_WINDOW_STATE, laptop, onLaptop),
  monitor,
  onMonitor
)

describe('choosePlacement', () => {
  it('restores the size, position and maximised state last had on an attached display', () => {
    expect(choosePlacement(both, [laptop, monitor], laptop)).toEqual(onMonitor)
  })

  it('falls back to the newest display still attached when the last one is gone', () => {
    expect(choosePlacement(both, [laptop], laptop)).toEqual(onLaptop)
  })

  it('opens at the default size, centred on the primary display, when no saved display is left', () => {
    const only = recordPlacement(EMPTY_WINDOW_STATE, monitor, onMonitor)
    expect(choosePlacement(only, [laptop], laptop)).toEqual({
      bounds: { x: 80, y: 63, width: 1280, height: 800 },
      maximized: false
    })
    expect(choosePlacement(EMPTY_WINDOW_STATE, [laptop], laptop).bounds).toEqual({
      x: 80,
      y: 63,
      width: 1280,
      height: 800
    })
  })

  it('does not restore onto another display that now covers the same place', () => {
    const replacement: DisplayInfo = {
      id: 7,
      bounds: { x: 0, y: 0, width: 1920, height: 1080 },
      workArea: { x: 0, y: 0, width: 1920, height: 1040 }
    }
    const only = recordPlacement(EMPTY_WINDOW_STATE, laptop, onLaptop)
    expect(choosePlacement(only, [replacement], replacement)).toEqual({
      bounds: { x: 320, y: 120, width: 1280, height: 800 },
      maximized: false
    })
  })

  it('treats a display with the same id but other bounds as another display', () => {
    const resized = { ...monitor, bounds: { ...monitor.bounds, width: 1920, height: 1080 } }
    const only = recordPlacement(EMPTY_WINDOW_STATE, monitor, onMonitor)
    expect(choosePlacement(only, [laptop, resized], laptop).maximized).toBe(false)
    expect(choosePlacement(only, [laptop, resized], laptop).bounds.x).toBe(80)
  })

  it('does not restore a window that would sit (almost) off the work area', () => {
    const offside = recordPlacement(EMPTY_WINDOW_STATE, laptop, {
      bounds: { x: 1400, y: 860, width: 900, height: 600 },
      maximized: false
    })
    expect(choosePlacement(offside, [laptop], laptop).bounds).toEqual({
      x: 80,
      y: 63,
      width: 1280,
      height: 800
    })
    const mostlyVisible = recordPlacement(EMPTY_WINDOW_STATE, laptop, {
      bounds: { x: -300, y: 100, width: 900, height: 600 },
      maximized: false
    })
    expect(choosePlacement(mostlyVisible, [laptop], laptop).bounds.x).toBe(-300)
  })

  it('shrinks a saved size to a work area that became smaller', () => {
    const state = recordPlacement(EMPTY_WINDOW_STATE, laptop, {
      bounds: { x: 0, y: 25, width: 1440, height: 875 },
      maximized: false
    })
    const smaller = { ...laptop, workArea: { x: 0, y: 25, width: 1440, height: 800 } }
    expect(choosePlacement(state, [smaller], smaller).bounds).toEqual({
      x: 0,
      y: 25,
      width: 1440,
      height: 800
    })
  })

  it('centres a smaller default on a small primary display', () => {
    const small: DisplayInfo = {
      id: 3,
      bounds: { x: 0, y: 0, width: 1024, height: 768 },
      workArea: { x: 0, y: 0, width: 1024, height: 728 }
    }
    expect(choosePlacement(EMPTY_WINDOW_STATE, [small], small).bounds).toEqual({
      x: 0,
      y: 0,
      width: 1024,
      height: 728
    })
  })
})

describe('recordPlacement', () => {
  it('keeps one placement per display, newest first, rounded to whole pixels', () => {
    const moved = recordPlacement(both, laptop, {
      bounds: { x: 10.4, y: 30.6, width: 999.5, height: 700 },
      maximized: true
    })
    expect(moved.placements).toEqual([
      {
        display: displayKey(laptop),
        bounds: { x: 10, y: 31, width: 1000, height: 700 },
        maximized: true
      },
      { display: displayKey(monitor), ...onMonitor }
    ])
  })

  it(`remembers at most ${MAX_REMEMBERED_DISPLAYS} displays, dropping the oldest`, () => {
    let state: WindowState = EMPTY_WINDOW_STATE
    for (let id = 1; id <= MAX_REMEMBERED_DISPLAYS + 2; id++) {
      state = recordPlacement(state, { ...laptop, id }, onLaptop)
    }
    expect(state.placements).toHaveLength(MAX_REMEMBERED_DISPLAYS)
    expect(state.placements[0]!.display).toBe(
      displayKey({ ...laptop, id: MAX_REMEMBERED_DISPLAYS + 2 })
    )
    expect(state.placements.some((p) => p.display === displayKey(laptop))).toBe(false)
  })
})

describe('WindowStateFile', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sd-window-state-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('reads nothing saved as no placements, then what was saved', async () => {
    const file = new WindowStateFile(dir)
    expect(await file.read()).toEqual(EMPTY_WINDOW_STATE)
    await file.save(both)
    expect(await new WindowStateFile(dir).read()).toEqual(both)
    expect((await readdir(dir)).sort()).toEqual([WINDOW_STATE_FILE])
  })

  it.each([
    ['not JSON', '{"version":1,'],
    ['another version', JSON.stringify({ ...both, version: 2 })],
    [
      'a size of zero',
      JSON.stringify({
        version: 1,
        placements: [{ ...both.placements[0], bounds: { x: 0, y: 0, width: 0, height: 10 } }]
      })
    ],
    [
      'a position as text',
      JSON.stringify({
        version: 1,
        placements: [{ ...both.placements[0], bounds: { x: '0', y: 0, width: 10, height: 10 } }]
      })
    ]
  ])('reads a damaged file (%s) as no placements', async (_what, text) => {
    await writeFile(join(dir, WINDOW_STATE_FILE), text)
    expect(await new WindowStateFile(dir).read()).toEqual(EMPTY_WINDOW_STATE)
  })

  it('writes saves one at a time, so the last one asked for is what stays', async () => {
    const file = new WindowStateFile(dir)
    const states = Array.from({ length: 12 }, (_, i) =>
      recordPlacement(EMPTY_WINDOW_STATE, laptop, {
        ...onLaptop,
        bounds: { ...onLaptop.bounds, x: i }
      })
    )
    await Promise.all(states.map((s) => file.save(s)))
    expect(JSON.parse(await readFile(join(dir, WINDOW_STATE_FILE), 'utf8'))).toEqual(states.at(-1))
  })

  it('drops a state no screen could hold instead of throwing', async () => {
    const file = new WindowStateFile(dir)
    await file.save(both)
    const absurd = recordPlacement(EMPTY_WINDOW_STATE, laptop, {
      bounds: { x: 0, y: 0, width: 1e9, height: 10 },
      maximized: false
    })
    await expect(file.save(absurd)).resolves.toBeUndefined()
    expect(await file.read()).toEqual(both)
  })
})
