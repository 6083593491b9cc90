import { describe, expect, it } from 'vitest'
import {
  acceleratorFromKeyPress,
  acceleratorLabel,
  checkAccelerator,
  DEFAULT_SHORTCUT
} from '../../shared/accelerator'

describe('checkAccelerator', () => {
  it('accepts Electron syntax and writes it one way', () => {
    expect(checkAccelerator(DEFAULT_SHORTCUT)).toEqual({ ok: true, accelerator: DEFAULT_SHORTCUT })
    expect(checkAccelerator('ctrl+shift+f5')).toEqual({ ok: true, accelerator: 'Control+Shift+F5' })
    expect(checkAccelerator('CmdOrCtrl+Option+space')).toEqual({
      ok: true,
      accelerator: 'CommandOrControl+Alt+Space'
    })
    expect(checkAccelerator('Alt++')).toEqual({ ok: true, accelerator: 'Alt+Plus' })
  })

  it.each([
    ['', 'Enter a combination'],
    ['V', 'Add Ctrl, Alt or Cmd'],
    ['Shift+V', 'Add Ctrl, Alt or Cmd'],
    ['Ctrl+Alt', 'End the combination with a key'],
    ['Ctrl+Hyper+V', '“Hyper” is not a modifier key'],
    ['Ctrl+Ctrl+V', 'Ctrl appears twice'],
    ['Ctrl+Alt+Banana', 'End the combination with a key']
  ])('refuses %j with a sentence that says why', (text, message) => {
    const checked = checkAccelerator(text)
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(checked.message).toContain(message)
  })
})

describe('acceleratorLabel', () => {
  it('says Ctrl+Alt on Windows and Linux, Cmd+Option on macOS', () => {
    expect(acceleratorLabel(DEFAULT_SHORTCUT, 'linux')).toBe('Ctrl+Alt+V')
    expect(acceleratorLabel(DEFAULT_SHORTCUT, 'win32')).toBe('Ctrl+Alt+V')
    expect(acceleratorLabel(DEFAULT_SHORTCUT, 'darwin')).toBe('Cmd+Option+V')
  })
})

describe('acceleratorFromKeyPress', () => {
  const press = {
    key: 'v',
    code: 'KeyV',
    ctrlKey: false,
    altKey: false,
    shiftKey: false,
    metaKey: false
  }
  it('records the physical key with the platform primary modifier as CommandOrControl', () => {
    expect(acceleratorFromKeyPress({ ...press, ctrlKey: true, altKey: true }, 'linux')).toBe(
      'CommandOrControl+Alt+V'
    )
    // Option+V types "√" on a Mac: the letter pressed is what counts.
    expect(
      acceleratorFromKeyPress({ ...press, key: '√', metaKey: true, altKey: true }, 'darwin')
    ).toBe('CommandOrControl+Alt+V')
    expect(
      acceleratorFromKeyPress(
        { ...press, key: 'F8', code: 'F8', ctrlKey: true, shiftKey: true },
        'win32'
      )
    ).toBe('CommandOrControl+Shift+F8')
  })
  it('waits while only modifiers are held', () => {
    expect(
      acceleratorFromKeyPress(
        { ...press, key: 'Control', code: 'ControlLeft', ctrlKey: true },
        'linux'
      )
    ).toBeNull()
  })
})
