import type { Theme } from '../../../shared/ipc/contract'

const DARK_QUERY = '(prefers-color-scheme: dark)'

let stopFollowing: (() => void) | null = null

function darkQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null
}

/**
 * Puts the seller's theme on <html>. `data-theme` is always 'light' or 'dark', the only
 * two palettes tokens.css defines; 'system' is resolved here and followed while the OS
 * switches, so the dark values are written once. `data-theme-choice` keeps the choice.
 */
export function applyTheme(choice: Theme, root: HTMLElement = document.documentElement): void {
  stopFollowing?.()
  stopFollowing = null
  root.dataset['themeChoice'] = choice
  if (choice !== 'system') {
    root.dataset['theme'] = choice
    return
  }
  const query = darkQuery()
  const follow = (): void => {
    root.dataset['theme'] = query?.matches ? 'dark' : 'light'
  }
  follow()
  if (!query) return
  query.addEventListener('change', follow)
  stopFollowing = () => query.removeEventListener('change', follow)
}
