import { create } from 'zustand'
import type { AppError } from '../../../shared/errors'
import type { CacheInfo, Theme } from '../../../shared/ipc/contract'
import { getBridge } from '../bridge'
// The theme lives on <html data-theme>, where tokens.css reads it; 'system' is resolved there.
import { applyTheme } from '../frame/theme'
import { useNav } from './nav'

interface SettingsState {
  theme: Theme
  loaded: boolean
  load(): Promise<void>
  setTheme(theme: Theme): Promise<boolean>
  cache: CacheInfo | null
  cacheError: AppError | null
  loadCache(): Promise<void>
  clearCache(): Promise<boolean>
  setCacheLimit(limitBytes: number): Promise<boolean>
}

// The page asks as its code starts, and the frame again as it mounts: one question to main.
let loading: Promise<void> | null = null

export const useSettings = create<SettingsState>((set, get) => ({
  theme: 'system',
  loaded: false,

  load() {
    return (loading ??= (async () => {
      const r = await getBridge().getSettings()
      const theme = r.ok ? r.data.theme : 'system'
      applyTheme(theme)
      if (r.ok && r.data.lastView) useNav.getState().restore(r.data.lastView)
      set({ theme, loaded: true })
    })().finally(() => {
      loading = null
    }))
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
