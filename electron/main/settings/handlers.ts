import type { Handlers } from '../ipc/dispatch'
import type { SettingsStore } from './store'

export type SettingsHandlers = Pick<Handlers, 'getSettings' | 'setTheme'>

export function settingsHandlers(settings: SettingsStore): SettingsHandlers {
  return {
    getSettings: async () => ({ theme: (await settings.read()).theme }),
    setTheme: async (request) => ({
      theme: (await settings.update((s) => ({ ...s, theme: request.theme }))).theme
    })
  }
}
