import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ShortcutStatus, Validation } from '../../../shared/ipc/contract'
import { dispatch } from '../../../electron/main/ipc/dispatch'
import type { QuickDesktop } from '../../../electron/main/quick/desktop'
import { createFreshVerdicts, FRESH_FOR_MS } from '../../../electron/main/quick/fresh-verdicts'
import { createQuickLookupService, refusedMessage } from '../../../electron/main/quick/service'
import { createSettingsStore, SETTINGS_FILE } from '../../../electron/main/settings/store'
import type { Handlers } from '../../../electron/main/ipc/dispatch'

// Quick lookup's main side in plain Node: settings saved in a real settings.json, a desktop
// that records what it was told, and the one-slot pending lookups the windows ask for.

const CODE = '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'
const OLD = '4f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'
const OTHER = '5f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'
const NOW = Date.parse('2026-11-23T12:00:00Z')
const validation = (code: string, at: number): Validation => ({
  valid: false,
  message: 'Unknown purchase code',
  code,
  checkedAt: new Date(at).toISOString()
})

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-quick-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

function fakeDesktop(taken: Set<string> = new Set()) {
  const calls: string[] = []
  let keepInTray: boolean | null = null
  const desktop: QuickDesktop = {
    applyShortcut: (acc): ShortcutStatus => {
      calls.push(`shortcut ${acc}`)
      if (acc === null) return { state: 'off', message: null }
      return taken.has(acc)
        ? { state: 'refused', message: refusedMessage('Ctrl+Alt+V', false) }
        : { state: 'on', message: null }
    },
    trayAvailable: () => true,
    setKeepInTray: (on) => {
      keepInTray = on
    },
    showMain: () => void calls.push('show main'),
    hideQuick: () => void calls.push('hide quick')
  }
  return { desktop, calls, keepInTray: () => keepInTray }
}

const handlersOf = (s: ReturnType<typeof createQuickLookupService>) =>
  s.handlers as unknown as Handlers

describe('quick lookup service', () => {
  it('registers the default Ctrl+Alt+V at start and keeps the app in the tray on Linux', async () => {
    const d = fakeDesktop()
    const quick = createQuickLookupService({
      settings: createSettingsStore({ dataDir }),
      platform: 'linux',
      desktop: d.desktop
    })
    const started = await quick.start()
    expect(d.calls).toEqual(['shortcut CommandOrControl+Alt+V'])
    expect(started).toMatchObject({
      available: true,
      shortcut: 'CommandOrControl+Alt+V',
      shortcutLabel: 'Ctrl+Alt+V',
      shortcutStatus: { state: 'on', message: null },
      keepInTray: true
    })
    expect(d.keepInTray()).toBe(true)
  })

  it('keeps macOS dock behaviour by default and says Cmd+Option+V', async () => {
    const d = fakeDesktop()
    const quick = createQuickLookupService({
      settings: createSettingsStore({ dataDir }),
      platform: 'darwin',
      desktop: d.desktop
    })
    expect(await quick.start()).toMatchObject({ shortcutLabel: 'Cmd+Option+V', keepInTray: false })
  })

  it('reports a combination another app holds, and saves a new one that the system accepts', async () => {
    const d = fakeDesktop(new Set(['CommandOrControl+Alt+V']))
    const settings = createSettingsStore({ dataDir })
    const quick = createQuickLookupService({ settings, platform: 'linux', desktop: d.desktop })
    expect((await quick.start()).shortcutStatus).toEqual({
      state: 'refused',
      message: 'Ctrl+Alt+V is used by another app; choose another.'
    })
    const changed = await dispatch(handlersOf(quick), 'setQuickSettings', {
      shortcut: 'ctrl+shift+l'
    })
    expect(changed).toMatchObject({
      ok: true,
      data: { shortcut: 'Control+Shift+L', shortcutStatus: { state: 'on' } }
    })
    const file = JSON.parse(await readFile(join(dataDir, SETTINGS_FILE), 'utf8'))
    expect(file.quickLookup).toEqual({ shortcut: 'Control+Shift+L', keepInTray: null })
    // A restart registers the saved one.
    const again = fakeDesktop()
    await createQuickLookupService({
      settings: createSettingsStore({ dataDir }),
      platform: 'linux',
      desktop: again.desktop
    }).start()
    expect(again.calls).toEqual(['shortcut Control+Shift+L'])
  })

  it('turns the shortcut off, and refuses a malformed one without touching the saved one', async () => {
    const d = fakeDesktop()
    const quick = createQuickLookupService({
      settings: createSettingsStore({ dataDir }),
      platform: 'linux',
      desktop: d.desktop
    })
    await quick.start()
    const bad = await dispatch(handlersOf(quick), 'setQuickSettings', { shortcut: 'V' })
    expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid-input' } })
    expect(d.calls).toEqual(['shortcut CommandOrControl+Alt+V'])
    const off = await dispatch(handlersOf(quick), 'setQuickSettings', { shortcut: null })
    expect(off).toMatchObject({
      ok: true,
      data: { shortcut: null, shortcutStatus: { state: 'off' } }
    })
    expect(d.calls.at(-1)).toBe('shortcut null')
    const tray = await dispatch(handlersOf(quick), 'setQuickSettings', { keepInTray: false })
    expect(tray).toMatchObject({ ok: true, data: { keepInTray: false, shortcut: null } })
    expect(d.keepInTray()).toBe(false)
  })

  it('reads as desktop-only in the browser host and refuses changes there', async () => {
    const quick = createQuickLookupService({
      settings: createSettingsStore({ dataDir }),
      platform: 'linux'
    })
    expect(await quick.handlers.getQuickSettings(undefined)).toMatchObject({
      available: false,
      trayAvailable: false,
      keepInTray: false
    })
    const refused = await dispatch(handlersOf(quick), 'setQuickSettings', { keepInTray: true })
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid-input' } })
  })

  it('hands each pending code out once, the newest winning, and focuses the main window for it', async () => {
    const d = fakeDesktop()
    const quick = createQuickLookupService({
      settings: createSettingsStore({ dataDir }),
      platform: 'linux',
      desktop: d.desktop
    })
    const h = quick.handlers
    expect(await h.takePendingLookup(undefined)).toEqual({ code: null, checked: null })
    quick.slots.offerMain('older')
    await h.openInMainWindow({ code: 'abc12345' })
    expect(d.calls).toEqual(['hide quick', 'show main'])
    expect(await h.takePendingLookup(undefined)).toEqual({ code: 'abc12345', checked: null })
    expect(await h.takePendingLookup(undefined)).toEqual({ code: null, checked: null })

    quick.slots.offerQuick('from-clipboard-1')
    expect(await h.takeQuickLookup(undefined)).toEqual({ code: 'from-clipboard-1' })
    expect(await h.takeQuickLookup(undefined)).toEqual({ code: null })
    await h.closeQuickLookup(undefined)
    expect(d.calls.at(-1)).toBe('hide quick')
  })

  it('hands the main window the verdict main already has, so the code is not checked twice', async () => {
    const d = fakeDesktop()
    const fresh = createFreshVerdicts(() => NOW)
    fresh.remember('c1', validation(CODE, NOW - 60_000))
    fresh.remember('c1', validation(OLD, NOW - FRESH_FOR_MS))
    fresh.remember('c2', validation(OTHER, NOW - 1000))
    const quick = createQuickLookupService({
      settings: createSettingsStore({ dataDir }),
      platform: 'linux',
      desktop: d.desktop,
      freshVerdict: async (code) => fresh.find('c1', code)
    })
    const h = quick.handlers
    // The lookup window's "Open in Seller Desk", the code as the buyer typed it.
    await h.openInMainWindow({ code: CODE.toUpperCase() })
    expect(await h.takePendingLookup(undefined)).toEqual({
      code: CODE.toUpperCase(),
      checked: validation(CODE, NOW - 60_000)
    })
    // A tray entry checked five minutes ago, or on another connection: checked again.
    await quick.handOver(OLD)
    expect(await h.takePendingLookup(undefined)).toEqual({ code: OLD, checked: null })
    await quick.handOver(OTHER)
    expect(await h.takePendingLookup(undefined)).toEqual({ code: OTHER, checked: null })
    // A sellerdesk:// link carries no verdict: the main window checks it.
    quick.slots.offerMain(CODE)
    expect(await h.takePendingLookup(undefined)).toEqual({ code: CODE, checked: null })
  })

  it('says what still works when Wayland refuses global shortcuts', () => {
    expect(refusedMessage('Ctrl+Alt+V', true)).toContain("tray icon's Check clipboard")
  })
})
