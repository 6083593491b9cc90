import { acceleratorLabel, checkAccelerator } from '../../../shared/accelerator'
import type { QuickSettings, Validation } from '../../../shared/ipc/contract'
import type { Handlers } from '../ipc/dispatch'
import { AppFailure } from '../ipc/failure'
import { defaultQuickLookup, type Settings } from '../settings/schema'
import type { SettingsStore } from '../settings/store'
import type { QuickDesktop } from './desktop'
import { createLookupSlots, type LookupSlots } from './lookup-slots'

export type QuickHandlers = Pick<
  Handlers,
  | 'getQuickSettings'
  | 'setQuickSettings'
  | 'takePendingLookup'
  | 'takeQuickLookup'
  | 'openInMainWindow'
  | 'closeQuickLookup'
>

export interface QuickLookupService {
  handlers: QuickHandlers
  slots: LookupSlots
  /** Registers the saved shortcut and tells the glue the tray setting (desktop only). */
  start(): Promise<QuickSettings>
  /**
   * Leaves a code for the main window with its fresh verdict, if main has one (the lookup
   * window's "Open in Seller Desk", a tray entry): shown there without a second request.
   */
  handOver(code: string): Promise<void>
}

export interface QuickLookupOptions {
  settings: SettingsStore
  platform: string
  /** Absent in the browser host: the settings read as "desktop app only". */
  desktop?: QuickDesktop
  slots?: LookupSlots
  /** The code's check made in the last few minutes on the active connection; none when absent. */
  freshVerdict?: (code: string) => Promise<Validation | null>
}

/** Close to tray by default where a tray is the usual place (Windows, Linux); macOS keeps its dock. */
const defaultKeepInTray = (platform: string): boolean => platform !== 'darwin'

/**
 * The global shortcut's sentence when the system refuses it. Wayland sessions refuse all
 * global shortcuts to X11-style apps, so the sentence says what still works there.
 */
export function refusedMessage(label: string, wayland: boolean): string {
  return wayland
    ? `Your desktop (Wayland) did not let Seller Desk use ${label}: use the tray icon's Check clipboard, or try another combination.`
    : `${label} is used by another app; choose another.`
}

export function createQuickLookupService(options: QuickLookupOptions): QuickLookupService {
  const { settings, platform, desktop } = options
  const slots = options.slots ?? createLookupSlots()
  let status: QuickSettings['shortcutStatus'] = { state: 'off', message: null }
  const saved = (s: Settings) => s.quickLookup ?? defaultQuickLookup()
  const handOver = async (code: string): Promise<void> => {
    // A verdict that cannot be found is no reason to lose the code: the window checks it.
    const checked = options.freshVerdict ? await options.freshVerdict(code).catch(() => null) : null
    slots.offerMain(code, checked)
  }

  const view = async (): Promise<QuickSettings> => {
    const mine = saved(await settings.read())
    const trayAvailable = desktop?.trayAvailable() ?? false
    return {
      available: desktop !== undefined,
      shortcut: mine.shortcut,
      shortcutLabel: mine.shortcut === null ? null : acceleratorLabel(mine.shortcut, platform),
      shortcutStatus: status,
      keepInTray: trayAvailable && (mine.keepInTray ?? defaultKeepInTray(platform)),
      trayAvailable
    }
  }

  const apply = (shortcut: string | null): void => {
    if (desktop) status = desktop.applyShortcut(shortcut)
  }

  const handlers: QuickHandlers = {
    getQuickSettings: view,
    setQuickSettings: async (request) => {
      if (!desktop) {
        throw new AppFailure(
          'invalid-input',
          'The global shortcut and the tray belong to the desktop app: change them there.'
        )
      }
      let shortcut: string | null | undefined = request.shortcut
      if (typeof shortcut === 'string') {
        const checked = checkAccelerator(shortcut)
        if (!checked.ok) throw new AppFailure('invalid-input', checked.message)
        shortcut = checked.accelerator
      }
      const next = await settings.update((s) => ({
        ...s,
        quickLookup: {
          shortcut: shortcut === undefined ? saved(s).shortcut : shortcut,
          keepInTray: request.keepInTray ?? saved(s).keepInTray
        }
      }))
      if (shortcut !== undefined) apply(saved(next).shortcut)
      const answer = await view()
      desktop.setKeepInTray(answer.keepInTray)
      return answer
    },
    takePendingLookup: async () => {
      const taken = slots.takeMain()
      return { code: taken?.code ?? null, checked: taken?.checked ?? null }
    },
    takeQuickLookup: async () => ({ code: slots.takeQuick() }),
    openInMainWindow: async (request) => {
      await handOver(request.code)
      desktop?.hideQuick()
      desktop?.showMain()
      return null
    },
    closeQuickLookup: async () => {
      desktop?.hideQuick()
      return null
    }
  }

  return {
    handlers,
    slots,
    handOver,
    start: async () => {
      apply(saved(await settings.read()).shortcut)
      const answer = await view()
      desktop?.setKeepInTray(answer.keepInTray)
      return answer
    }
  }
}
