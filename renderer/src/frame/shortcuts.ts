import { useEffect } from 'react'
import { useAccount } from '../stores/account'
import { useBulk } from '../stores/bulk'
import { useItems } from '../stores/items'
import { useNav, type View } from '../stores/nav'
import { useValidate } from '../stores/validate'
import { usePlatform } from './platform'
import { useShortcutsSheet } from './ShortcutsSheet'

type NavView = Exclude<View, 'item'>

/** Sidebar order: Ctrl/Cmd + 1..5. */
export const NAV_ORDER: NavView[] = ['account', 'items', 'validate', 'history', 'settings']

/** The key that selects a view, read from `code` too so non-Latin layouts work. */
function digitOf(e: KeyboardEvent): number | null {
  const m = /^Digit([1-9])$/.exec(e.code) ?? /^([1-9])$/.exec(e.key)
  return m ? Number(m[1]) : null
}

function isKeyK(e: KeyboardEvent): boolean {
  return e.code === 'KeyK' || e.key.toLowerCase() === 'k'
}

function isKeyR(e: KeyboardEvent): boolean {
  return e.code === 'KeyR' || e.key.toLowerCase() === 'r'
}

/** Ctrl/Cmd+/, Shift allowed: on many layouts "/" is a shifted key. */
function isSlash(e: KeyboardEvent): boolean {
  return e.code === 'Slash' || e.key === '/'
}

/**
 * Refresh on the view shown, as its Refresh button would (not while one runs; not on an
 * item that has not loaded). False where the view has no Refresh, so the key is left alone.
 */
function refreshView(view: View): boolean {
  if (view === 'account') {
    const account = useAccount.getState()
    if (!account.refreshing) void account.refresh()
    return true
  }
  if (view === 'items') {
    const items = useItems.getState()
    if (!items.refreshing) void items.refresh()
    return true
  }
  if (view === 'item') {
    const { detail, refreshDetail } = useItems.getState()
    if (!detail?.item) return false
    if (!detail.refreshing) void refreshDetail()
    return true
  }
  return false
}

/**
 * App-wide keys: Ctrl/Cmd+1..5 switch views, Ctrl/Cmd+K jumps to Validate, Ctrl/Cmd+R
 * refreshes the view shown, Ctrl/Cmd+/ shows the keyboard shortcuts, Escape goes back from a detail view unless something nearer (a
 * dialog, a viewer) handled it first. The desktop menu shows the same keys and, clicked,
 * sends the page these very key presses (electron/main/glue/menu.ts).
 */
export function useGlobalShortcuts(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return
    const onKeyDown = (e: KeyboardEvent): void => {
      if (e.defaultPrevented) return
      const mac = usePlatform.getState().mac
      const mod = mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey
      const nav = useNav.getState()
      if (mod && !e.altKey && isSlash(e)) {
        e.preventDefault()
        useShortcutsSheet.getState().toggle()
        return
      }
      // The sheet is modal: nothing changes behind it.
      if (useShortcutsSheet.getState().open) return
      if (mod && !e.altKey && !e.shiftKey) {
        const digit = digitOf(e)
        const target = digit ? NAV_ORDER[digit - 1] : undefined
        if (target) {
          e.preventDefault()
          nav.go(target)
          return
        }
        if (isKeyK(e)) {
          e.preventDefault()
          // "Check a code": the single field, focused, even if Validate was already open
          // or left on its Bulk tab.
          useBulk.getState().setTab('single')
          nav.go('validate')
          useValidate.getState().requestFocus()
          return
        }
        if (isKeyR(e) && refreshView(nav.view)) {
          e.preventDefault()
          return
        }
      }
      if (
        e.key === 'Escape' &&
        nav.view === 'item' &&
        !document.querySelector('dialog[open], [role="dialog"]')
      ) {
        e.preventDefault()
        nav.back()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [enabled])
}
