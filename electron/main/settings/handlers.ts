import type { Handlers } from '../ipc/dispatch'
import type { SettingsStore } from './store'

export type SettingsHandlers = Pick<Handlers, 'getSettings' | 'setTheme' | 'setLastView'>

export function settingsHandlers(settings: SettingsStore): SettingsHandlers {
  return {
    getSettings: async () => {
      const { theme, lastView } = await settings.read()
      return lastView === undefined ? { theme } : { theme, lastView }
    },
    setLastView: async (request) => {
      const saved = await settings.update((s) => ({ ...s, lastView: request.view }))
      return { view: saved.lastView ?? request.view }
    },
    setTheme: async (request) => ({
      theme: (await settings.update((s) => ({ ...s, theme: request.theme }))).theme
    })
  }
}
