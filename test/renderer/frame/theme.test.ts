import { afterEach, describe, expect, it, vi } from 'vitest'
import { applyTheme } from '../../../renderer/src/frame/theme'

/** A stand-in for the OS colour-scheme query that a test can flip. */
function fakeOs(dark: boolean): { flip(next: boolean): void; listeners(): number } {
  let matches = dark
  const listeners = new Set<() => void>()
  const query = {
    get matches() {
      return matches
    },
    addEventListener: (_: 'change', fn: () => void) => listeners.add(fn),
    removeEventListener: (_: 'change', fn: () => void) => listeners.delete(fn)
  }
  vi.stubGlobal(
    'matchMedia',
    vi.fn((q: string) => {
      expect(q).toBe('(prefers-color-scheme: dark)')
      return query
    })
  )
  return {
    flip(next) {
      matches = next
      for (const fn of listeners) fn()
    },
    listeners: () => listeners.size
  }
}

const html = document.documentElement

describe('applyTheme', () => {
  afterEach(() => {
    applyTheme('light')
    vi.unstubAllGlobals()
  })

  it('resolves "system" to the OS palette and follows it while chosen', () => {
    const os = fakeOs(true)
    applyTheme('system')
    expect(html.dataset['theme']).toBe('dark')
    expect(html.dataset['themeChoice']).toBe('system')
    os.flip(false)
    expect(html.dataset['theme']).toBe('light')
    os.flip(true)
    expect(html.dataset['theme']).toBe('dark')
  })

  it('stops following the OS once the seller picks a theme', () => {
    const os = fakeOs(false)
    applyTheme('system')
    expect(os.listeners()).toBe(1)
    applyTheme('light')
    expect(os.listeners()).toBe(0)
    os.flip(true)
    expect(html.dataset['theme']).toBe('light')
    expect(html.dataset['themeChoice']).toBe('light')
  })

  it('uses the light palette for "system" where the OS preference cannot be read', () => {
    vi.stubGlobal('matchMedia', undefined)
    applyTheme('system')
    expect(html.dataset['theme']).toBe('light')
  })
})
