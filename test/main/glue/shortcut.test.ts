import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createGlobalShortcut, isWaylandSession } from '../../../electron/main/glue/shortcut'
import { resetElectronFake } from './fakes'

// Quick lookup's global shortcut, driven through the faked 'electron' module (fakes.ts):
// as the OS accepts or refuses it.

const fake = await vi.hoisted(async () => (await import('./fakes')).createElectronFake())
vi.mock('electron', () => fake.module)

beforeEach(() => resetElectronFake(fake))

describe('global shortcut', () => {
  it('registers the combination, and a press runs the lookup', () => {
    const onPress = vi.fn()
    const shortcut = createGlobalShortcut({ onPress, platform: 'linux', wayland: false })
    expect(shortcut.apply('CommandOrControl+Alt+V')).toEqual({ state: 'on', message: null })
    fake.globalShortcut.press('CommandOrControl+Alt+V')
    expect(onPress).toHaveBeenCalledTimes(1)
  })

  it('says which combination another app holds, in the words of this system', () => {
    fake.globalShortcut.taken.add('CommandOrControl+Alt+V')
    const mac = createGlobalShortcut({ onPress: vi.fn(), platform: 'darwin', wayland: false })
    expect(mac.apply('CommandOrControl+Alt+V')).toEqual({
      state: 'refused',
      message: 'Cmd+Option+V is used by another app; choose another.'
    })
    const wayland = createGlobalShortcut({ onPress: vi.fn(), platform: 'linux', wayland: true })
    expect(wayland.apply('CommandOrControl+Alt+V').message).toContain('Wayland')
    expect(fake.globalShortcut.registered.size).toBe(0)
  })

  it('releases the old combination when changed or turned off', () => {
    const shortcut = createGlobalShortcut({ onPress: vi.fn(), platform: 'linux', wayland: false })
    shortcut.apply('CommandOrControl+Alt+V')
    shortcut.apply('Control+Shift+L')
    expect([...fake.globalShortcut.registered.keys()]).toEqual(['Control+Shift+L'])
    expect(shortcut.apply(null)).toEqual({ state: 'off', message: null })
    expect(fake.globalShortcut.registered.size).toBe(0)
  })

  it('turns a combination Electron cannot parse into a refusal, not a crash', () => {
    const shortcut = createGlobalShortcut({ onPress: vi.fn(), platform: 'win32', wayland: false })
    expect(shortcut.apply('Control+Alt+€')).toMatchObject({ state: 'refused' })
  })

  it('knows a Wayland session', () => {
    expect(isWaylandSession({ XDG_SESSION_TYPE: 'wayland' })).toBe(true)
    expect(isWaylandSession({ XDG_SESSION_TYPE: 'x11' })).toBe(false)
  })
})
