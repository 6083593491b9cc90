import type { Handlers } from '../ipc/dispatch'
import type { SettingsStore } from './store'

export type SettingsHandlers = Pick<
  Handlers,
  'getSettings' | 'setTheme' | 'setLastView' | 'setItemsInset'
>

export function settingsHandlers(settings: SettingsStore): SettingsHandlers {
  return {
    getSettings: async () => {
      const { theme, lastView, itemsInset } = await settings.read()
      return {
        theme,
        ...(lastView === undefined ? {} : { lastView }),
        ...(itemsInset === undefined ? {} : { itemsInset })
      }
    },
    setLastView: async (request) => {
      const saved = await settings.update((s) => ({ ...s, lastView: request.view }))
      return { view: saved.lastView ?? request.view }
    },
    setItemsInset: async (request) => {
      const inset = { x: request.x, y: request.y }
      const saved = await settings.update((s) => ({ ...s, itemsInset: inset }))
      return saved.itemsInset ?? inset
    },
    setTheme: async (request) => ({
      theme: (await settings.update((s) => ({ ...s, theme: request.theme }))).theme
    })
  }
}
