import { create } from 'zustand'
import type { AppError } from '../../../shared/errors'
import type { CacheInfo, ItemsInset, Theme } from '../../../shared/ipc/contract'
import { getBridge } from '../bridge'
// The theme lives on <html data-theme>, where tokens.css reads it; 'system' is resolved there.
import { applyTheme } from '../frame/theme'
import { useNav } from './nav'

interface SettingsState {
  theme: Theme
  loaded: boolean
  /** Where the Items grid sat in the window when last shown (null: never, or not loaded). */
  itemsInset: ItemsInset | null
  load(): Promise<void>
  /** Keeps where the grid sits now, for the next start; tells main only when it moved. */
  rememberItemsInset(inset: ItemsInset): void
  setTheme(theme: Theme): Promise<boolean>
  cache: CacheInfo | null
  cacheError: AppError | null
  loadCache(): Promise<void>
  clearCache(): Promise<boolean>
  setCacheLimit(limitBytes: number): Promise<boolean>
}

// The page asks as its code starts, and the frame again as it mounts: one question to main.
let loading: Promise<void> | null = null

/**
 * A window being resized moves the grid on every frame: main hears of the first move at once
 * and then at most once per this delay, so the settings file is not written sixty times a second.
 */
export const INSET_SAVE_DELAY_MS = 500
let insetTimer: ReturnType<typeof setTimeout> | undefined
let insetSaved: ItemsInset | null = null
const sameInset = (a: ItemsInset | null, b: ItemsInset): boolean =>
  a !== null && a.x === b.x && a.y === b.y

export const useSettings = create<SettingsState>((set, get) => ({
  theme: 'system',
  loaded: false,
  itemsInset: null,

  load() {
    return (loading ??= (async () => {
      const r = await getBridge().getSettings()
      const theme = r.ok ? r.data.theme : 'system'
      applyTheme(theme)
      if (r.ok && r.data.lastView) useNav.getState().restore(r.data.lastView)
      insetSaved = (r.ok && r.data.itemsInset) || null
      set({ theme, loaded: true, itemsInset: insetSaved })
    })().finally(() => {
      loading = null
    }))
  },

  rememberItemsInset(inset) {
    if (sameInset(get().itemsInset, inset)) return
    set({ itemsInset: inset })
    const save = (): void => {
      const now = get().itemsInset
      if (!now || sameInset(insetSaved, now)) return
      insetSaved = now
      // A hint for the next start, nothing the seller asked for: a failed save changes nothing now.
      void getBridge().setItemsInset(now)
      insetTimer = setTimeout(() => {
        insetTimer = undefined
        save()
      }, INSET_SAVE_DELAY_MS)
    }
    if (insetTimer === undefined) save()
  },

  async setTheme(theme) {
    const before = get().theme
    // Apply at once so the choice feels instant; undo if main could not save it.
    applyTheme(theme)
    set({ theme })
    const r = await getBridge().setTheme({ theme })
    if (r.ok) return true
    applyTheme(before)
    set({ theme: before })
    return false
  },

  cache: null,
  cacheError: null,

  async loadCache() {
    const r = await getBridge().getCacheInfo()
    set(r.ok ? { cache: r.data, cacheError: null } : { cacheError: r.error })
  },

  async clearCache() {
    const r = await getBridge().clearCache()
    if (r.ok) set({ cache: r.data, cacheError: null })
    return r.ok
  },

  async setCacheLimit(limitBytes) {
    const r = await getBridge().setCacheLimit({ limitBytes })
    if (r.ok) set({ cache: r.data, cacheError: null })
    return r.ok
  }
}))
