import { describe, expect, it, vi } from 'vitest'
import type { Handlers } from '../../../electron/main/ipc/dispatch'
import { placeNear } from '../../../electron/main/quick/placement'
import { trayFeed, withRefreshAfter } from '../../../electron/main/quick/tray-feed'

const size = { width: 440, height: 540 }
const workArea = { x: 0, y: 25, width: 1440, height: 875 }

describe('placeNear', () => {
  it('puts the window below and right of the pointer', () => {
    expect(placeNear({ x: 100, y: 100 }, size, workArea)).toEqual({ x: 112, y: 112 })
  })
  it('flips to the other side near the right and bottom edges', () => {
    expect(placeNear({ x: 1400, y: 800 }, size, workArea)).toEqual({ x: 948, y: 248 })
  })
  it('stays inside the work area (below the menu bar) on a second display to the left', () => {
    expect(placeNear({ x: 5, y: 0 }, size, workArea)).toEqual({ x: 17, y: 25 })
    const left = { x: -1280, y: 0, width: 1280, height: 400 }
    expect(placeNear({ x: -10, y: 390 }, size, left)).toEqual({ x: -462, y: 0 })
  })
})

describe('tray feed', () => {
  it('refreshes after a check even when the check failed, and only after the named channels', async () => {
    const after = vi.fn()
    const handlers = {
      validatePurchase: async () => {
        throw new Error('offline')
      },
      getAccount: async () => ({})
    } as unknown as Handlers
    const wrapped = withRefreshAfter(handlers, ['validatePurchase'], after)
    await expect(wrapped.validatePurchase({ code: 'x' })).rejects.toThrow('offline')
    expect(after).toHaveBeenCalledTimes(1)
    await wrapped.getAccount(undefined)
    expect(after).toHaveBeenCalledTimes(1)
  })

  it('shows the shortcut only while it is registered, and no verdicts when history cannot be read', async () => {
    const feed = await trayFeed({
      listHistory: async () => {
        throw new Error('no connection')
      },
      getQuickSettings: async () => ({
        available: true,
        shortcut: 'CommandOrControl+Alt+V',
        shortcutLabel: 'Ctrl+Alt+V',
        shortcutStatus: { state: 'refused', message: 'taken' },
        keepInTray: true,
        trayAvailable: true
      })
    })
    expect(feed).toEqual({ recent: [], shortcutLabel: null })
  })
})
