/**
 * Global-shortcut combinations in Electron's accelerator syntax ("CommandOrControl+Alt+V"),
 * checked here in plain code so Settings can say what is wrong before main tries it.
 * https://www.electronjs.org/docs/latest/api/accelerator
 */

/** Ctrl+Alt+V on Windows and Linux, Cmd+Option+V on macOS. */
export const DEFAULT_SHORTCUT = 'CommandOrControl+Alt+V'

const MODIFIERS: Record<string, string> = {
  command: 'Command',
  cmd: 'Command',
  control: 'Control',
  ctrl: 'Control',
  commandorcontrol: 'CommandOrControl',
  cmdorctrl: 'CommandOrControl',
  alt: 'Alt',
  option: 'Alt',
  altgr: 'AltGr',
  shift: 'Shift',
  super: 'Super',
  meta: 'Meta'
}

const NAMED_KEYS = [
  'Plus',
  'Space',
  'Tab',
  'Capslock',
  'Numlock',
  'Scrolllock',
  'Backspace',
  'Delete',
  'Insert',
  'Return',
  'Enter',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Escape',
  'Esc',
  'PrintScreen',
  'num0',
  'num1',
  'num2',
  'num3',
  'num4',
  'num5',
  'num6',
  'num7',
  'num8',
  'num9',
  'numdec',
  'numadd',
  'numsub',
  'nummult',
  'numdiv'
]
const NAMED = new Map(NAMED_KEYS.map((k) => [k.toLowerCase(), k]))
const PUNCTUATION = new Set([...')!@#$%^&*(:;:+=<,_->.?/~`{]|[\\}"\''])

function normaliseKey(raw: string): string | null {
  if (/^[a-z0-9]$/i.test(raw)) return raw.toUpperCase()
  if (/^f([1-9]|1\d|2[0-4])$/i.test(raw)) return raw.toUpperCase()
  if (raw.length === 1 && PUNCTUATION.has(raw)) return raw
  return NAMED.get(raw.toLowerCase()) ?? null
}

export type AcceleratorCheck = { ok: true; accelerator: string } | { ok: false; message: string }

/**
 * A global shortcut the app may register: modifiers first, one key last, at least one
 * modifier other than Shift (a bare letter would swallow typing in every other app).
 */
export function checkAccelerator(text: string): AcceleratorCheck {
  const raw = text.trim()
  if (raw === '' || raw.length > 60) {
    return { ok: false, message: 'Enter a combination such as Ctrl+Alt+V.' }
  }
  // "+" as the key is written "Plus"; a trailing "++" means the same.
  const parts = raw.replace(/\+\+$/, '+Plus').split('+')
  const keyPart = parts.pop() ?? ''
  const key = normaliseKey(keyPart.trim())
  if (!key || MODIFIERS[keyPart.trim().toLowerCase()]) {
    return { ok: false, message: 'End the combination with a key, such as Ctrl+Alt+V.' }
  }
  const modifiers: string[] = []
  for (const part of parts) {
    const modifier = MODIFIERS[part.trim().toLowerCase()]
    if (!modifier)
      return {
        ok: false,
        message: `“${part.trim()}” is not a modifier key (Ctrl, Alt, Shift, Cmd, Super).`
      }
    if (modifiers.includes(modifier)) return { ok: false, message: `${part.trim()} appears twice.` }
    modifiers.push(modifier)
  }
  if (modifiers.filter((m) => m !== 'Shift').length === 0) {
    return {
      ok: false,
      message: 'Add Ctrl, Alt or Cmd: a shortcut without them would take over typing in other apps.'
    }
  }
  return { ok: true, accelerator: [...modifiers, key].join('+') }
}

/** How a seller reads an accelerator on their system: "Ctrl+Alt+V", or "Cmd+Option+V" on macOS. */
export function acceleratorLabel(accelerator: string, platform: string): string {
  const mac = platform === 'darwin'
  const words: Record<string, string> = {
    CommandOrControl: mac ? 'Cmd' : 'Ctrl',
    Command: 'Cmd',
    Control: 'Ctrl',
    Alt: mac ? 'Option' : 'Alt',
    Super: mac ? 'Cmd' : 'Super',
    Meta: mac ? 'Cmd' : 'Super'
  }
  return accelerator
    .split('+')
    .map((p) => words[p] ?? p)
    .join('+')
}

/** The parts of a keydown event a combination is recorded from (structural: no DOM types here). */
export interface KeyPress {
  key: string
  code: string
  ctrlKey: boolean
  altKey: boolean
  shiftKey: boolean
  metaKey: boolean
}

/**
 * The accelerator a key press records in Settings, or null while only modifiers are held.
 * Keys are read from `code` (the physical key) so Alt or Option combinations that type
 * another character on macOS still record the letter the seller pressed.
 */
export function acceleratorFromKeyPress(press: KeyPress, platform: string): string | null {
  let key: string | null = null
  const m = /^(?:Key([A-Z])|Digit(\d)|(F\d{1,2}))$/.exec(press.code)
  if (m) key = m[1] ?? m[2] ?? m[3] ?? null
  else key = normaliseKey(press.key === ' ' ? 'Space' : press.key.replace(/^Arrow/, ''))
  if (!key || ['Control', 'Alt', 'Shift', 'Meta', 'OS'].includes(press.key)) return null
  const mods: string[] = []
  const mac = platform === 'darwin'
  // The platform's primary modifier is written CommandOrControl so a synced setting works on both.
  if (mac ? press.metaKey : press.ctrlKey) mods.push('CommandOrControl')
  if (mac && press.ctrlKey) mods.push('Control')
  if (!mac && press.metaKey) mods.push('Super')
  if (press.altKey) mods.push('Alt')
  if (press.shiftKey) mods.push('Shift')
  return [...mods, key].join('+')
}
