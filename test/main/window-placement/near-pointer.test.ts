import { describe, expect, it, vi } from 'vitest'
import type { Handlers } from '../../../electron/main/ipc/dispatch'
import { placeNear } from '../../../electron/main/window-placement/near-pointer'
import type { BulkJob, HistoryEntry, QuickSettings } from '../../../shared/ipc/contract'
import {
  trayFeed,
  withRefreshAfter,
  withRefreshOnBulkProgress
} from '../../../electron/main/quick/tray-feed'

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

const job = (over: Partial<BulkJob>): BulkJob => ({
  jobId: 'j1',
  state: 'running',
  done: 0,
  total: 3,
  waitingUntil: null,
  results: [],
  ...over
})

const settingsOn: QuickSettings = {
  available: true,
  shortcut: null,
  shortcutLabel: null,
  shortcutStatus: { state: 'off', message: null },
  keepInTray: true,
  trayAvailable: true
}

const row = (code: string, checkedAt: string): HistoryEntry => ({
  code,
  valid: true,
  checkedAt,
  message: null,
  license: null,
  itemId: null,
  itemName: null,
  supportedUntil: null,
  price: null,
  currency: null,
  downloaded: null,
  flag: null
})

describe('tray feed after bulk checks', () => {
  it('refreshes when a bulk job answered more codes, not on every poll', async () => {
    const after = vi.fn()
    const answers = [job({}), job({ done: 1 }), job({ done: 1 }), job({ done: 3, state: 'done' })]
    const poll = async () => answers.shift()!
    const handlers = {
      startBulk: poll,
      getBulk: poll,
      pauseBulk: poll,
      resumeBulk: poll,
      cancelBulk: poll
    } as unknown as Handlers
    const wrapped = withRefreshOnBulkProgress(handlers, after)
    await wrapped.startBulk({ text: 'x' })
    expect(after).not.toHaveBeenCalled()
    await wrapped.getBulk({ jobId: 'j1' })
    expect(after).toHaveBeenCalledTimes(1)
    await wrapped.getBulk({ jobId: 'j1' })
    expect(after).toHaveBeenCalledTimes(1)
    await wrapped.getBulk({ jobId: 'j1' })
    expect(after).toHaveBeenCalledTimes(2)
  })

  it('lists each code once, its latest check, and still five codes when one was re-checked', async () => {
    const codes = ['a', 'b', 'c', 'd', 'e', 'f'].map(
      (c) => `${c}f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c`
    )
    const entries = [
      row(codes[0]!, '2026-11-23T10:09:00Z'),
      row(codes[0]!.toUpperCase(), '2026-11-23T10:08:00Z'),
      row(codes[1]!, '2026-11-23T10:07:00Z'),
      row(codes[0]!, '2026-11-23T10:06:00Z'),
      ...codes.slice(2).map((c, i) => row(c, `2026-11-23T10:0${5 - i}:00Z`))
    ]
    const listHistory = vi.fn(async ({ limit }: { limit?: number }) => ({
      entries: entries.slice(0, limit),
      total: entries.length
    }))
    const feed = await trayFeed({
      listHistory,
      getQuickSettings: async () => settingsOn
    } as unknown as Pick<Handlers, 'listHistory' | 'getQuickSettings'>)
    expect(feed.recent.map((e) => [e.code, e.checkedAt])).toEqual([
      [codes[0], '2026-11-23T10:09:00Z'],
      [codes[1], '2026-11-23T10:07:00Z'],
      [codes[2], '2026-11-23T10:05:00Z'],
      [codes[3], '2026-11-23T10:04:00Z'],
      [codes[4], '2026-11-23T10:03:00Z']
    ])
  })
})
