import { useLayoutEffect, useState, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import type { Rect, Virtualizer } from '@tanstack/react-virtual'
import { elementScroll } from '@tanstack/react-virtual'
import type { ItemsInset } from '../../../../shared/ipc/contract'
import { useSettings } from '../../stores/settings'

export interface GridBox {
  /** The scroll box's inner width; 0 until it is known. */
  width: number
  /** The box's size before anything is laid out, when the last start gives it; else null. */
  guess: Rect | null
}

/** The grid's size from where it sat last time, if the window leaves it any room. */
export function guessGridBox(inset: ItemsInset | null, win: Window): Rect | null {
  if (!inset) return null
  const width = win.innerWidth - inset.x
  const height = win.innerHeight - inset.y
  return width > 0 && height > 0 ? { width, height } : null
}

/**
 * The grid's scroll box, kept current as the window or sidebar changes size.
 *
 * The width decides the columns and the row height, so no card can be drawn without it.
 * Measured as the grid mounts, it costs a forced layout and a second render inside the task
 * that draws the first cards. A window reopened at the size it had gives it without measuring:
 * the frame around the grid takes what it took last time (settings' itemsInset). A
 * ResizeObserver then checks, after the browser's own layout, and when the guess was wrong
 * draws again before that frame is painted. The first start, with nothing to go by, measures.
 */
export function useGridBox(ref: RefObject<HTMLElement | null>): GridBox {
  const [guess] = useState(() => guessGridBox(useSettings.getState().itemsInset, window))
  const [width, setWidth] = useState(guess?.width ?? 0)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    if (!guess) setWidth(el.clientWidth)
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      // Layout is done when this runs: reading the box forces nothing.
      const w = el.clientWidth
      useSettings
        .getState()
        .rememberItemsInset({ x: window.innerWidth - w, y: window.innerHeight - el.clientHeight })
      // Drawn before this frame is painted, so a wrong guess is never seen.
      flushSync(() => setWidth(w))
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref, guess])
  return { width, guess }
}

/**
 * For the virtualiser when the size is guessed: its own observer reads the box's rect as it
 * attaches (a forced layout, before the first card); this one reads it after the browser's
 * layout, and the guess stands in until then.
 */
export function observeRectAfterLayout(
  instance: Virtualizer<HTMLDivElement, Element>,
  cb: (rect: Rect) => void
): (() => void) | undefined {
  const el = instance.scrollElement
  if (!el || typeof ResizeObserver === 'undefined') return undefined
  const observer = new ResizeObserver(() => {
    const r = el.getBoundingClientRect()
    cb({ width: Math.round(r.width), height: Math.round(r.height) })
  })
  observer.observe(el)
  return () => observer.disconnect()
}

const attached = new WeakSet<object>()

/**
 * The virtualiser writes the scroll offset as it attaches to its box. A box just made is at 0
 * already, and writing scrollTop lays the page out there and then: that first write of 0 is
 * skipped. Every later one (Back to a scrolled spot, keys, a new search) is made.
 */
export function scrollUnlessFresh(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLDivElement, Element>
): void {
  const first = !attached.has(instance)
  attached.add(instance)
  if (first && offset === 0 && !options.adjustments) return
  elementScroll(offset, options, instance)
}
