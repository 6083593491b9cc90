import { globalShortcut } from 'electron'
import { acceleratorLabel } from '../../../shared/accelerator'
import type { ShortcutStatus } from '../../../shared/ipc/contract'
import { refusedMessage } from '../quick/service'

/**
 * The global shortcut: one combination at a time. `register` returns false when another
 * app holds it (and on Wayland, which refuses global shortcuts); it throws for a string it
 * cannot parse. Both become a status Settings shows.
 */
export function createGlobalShortcut(options: {
  onPress: () => void
  platform: string
  wayland: boolean
}): { apply(accelerator: string | null): ShortcutStatus } {
  let current: string | null = null
  return {
    apply(accelerator) {
      if (current !== null) globalShortcut.unregister(current)
      current = null
      if (accelerator === null) return { state: 'off', message: null }
      const label = acceleratorLabel(accelerator, options.platform)
      let registered = false
      try {
        registered = globalShortcut.register(accelerator, options.onPress)
      } catch {
        return {
          state: 'refused',
          message: `${label} is not a combination this system accepts; choose another.`
        }
      }
      if (!registered) return { state: 'refused', message: refusedMessage(label, options.wayland) }
      current = accelerator
      return { state: 'on', message: null }
    }
  }
}

/** Wayland sessions (GNOME, KDE) do not give X11-style global shortcuts to apps. */
export const isWaylandSession = (env: NodeJS.ProcessEnv): boolean =>
  env['XDG_SESSION_TYPE'] === 'wayland' || Boolean(env['WAYLAND_DISPLAY'])
