import { useSyncExternalStore } from 'react'

/**
 * Whether the window matches a CSS media query, kept current as it is resized. For what CSS
 * alone cannot do (content that moves between places); false where there is no matchMedia.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches
  )
}
