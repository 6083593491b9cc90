import { create } from 'zustand'
import { getBridge } from '../bridge'

/**
 * Which keys the app names: ⌘ on macOS, Ctrl elsewhere. Read from the platform main reports
 * (getAppInfo: Electron's main, or the browser host on the same machine), never from Node in
 * the page. Until it answers the page assumes Ctrl, the notation most machines use.
 */
interface PlatformState {
  mac: boolean
}

export const usePlatform = create<PlatformState>(() => ({ mac: false }))

let asked: Promise<void> | null = null

/** Asks main once; later calls share the answer. */
export function learnPlatform(): Promise<void> {
  asked ??= getBridge()
    .getAppInfo()
    .then((r) => {
      if (r.ok) usePlatform.setState({ mac: r.data.platform === 'darwin' })
    })
    .catch(() => undefined)
  return asked
}

/** Tests only: the next learnPlatform asks again. */
export function resetPlatformForTests(): void {
  asked = null
  usePlatform.setState({ mac: false })
}

/** A key with the app's modifier, in the platform's notation: "⌘K" or "Ctrl+K". */
export function shortcutLabel(key: string, mac: boolean): string {
  return mac ? `⌘${key}` : `Ctrl+${key}`
}

/** The same key as aria-keyshortcuts spells it: "Meta+K" or "Control+K". */
export function ariaShortcut(key: string, mac: boolean): string {
  return `${mac ? 'Meta' : 'Control'}+${key}`
}
