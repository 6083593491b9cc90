import { useEffect } from 'react'
import { create } from 'zustand'
import { useNav } from '../stores/nav'

/** How many frames a view's code may take to arrive before the focus stops waiting for it. */
const WAIT_FRAMES = 120

/** The polite line that names a view whose own field took the focus. */
export const useArrivalNotice = create<{ text: string }>(() => ({ text: '' }))

function say(text: string): void {
  // Emptied first, so arriving at the same view twice is heard twice.
  useArrivalNotice.setState({ text: '' })
  requestAnimationFrame(() => useArrivalNotice.setState({ text }))
}

/**
 * After every move (a view shortcut, a sidebar click, Enter on a card, Back), the focus goes
 * to the new view and a screen reader hears its name, never the page body: the view's own
 * choice when it made one (Validate's field, the card Back returns to), heard with the
 * view's name; otherwise its heading (tabIndex -1 in ViewHeader), which reads the name.
 */
export function useArrivalFocus(): void {
  const arrival = useNav((s) => s.arrival)
  useEffect(() => {
    if (arrival === 0) return
    let frames = 0
    let id = requestAnimationFrame(function settle(): void {
      const content = document.getElementById('content')
      const heading = content?.querySelector<HTMLElement>('h1')
      if (!content || !heading) {
        if (++frames < WAIT_FRAMES) id = requestAnimationFrame(settle)
        return
      }
      const active = document.activeElement
      if (active && active !== document.body && content.contains(active) && active !== heading) {
        say(heading.textContent ?? '')
        return
      }
      heading.focus({ preventScroll: true })
    })
    return () => cancelAnimationFrame(id)
  }, [arrival])
}
