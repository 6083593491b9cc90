import { useEffect, useState } from 'react'

/**
 * True once `on` has held for `delayMs`, false as soon as it stops. A "working" indicator
 * that appears at once flashes for answers that take a few milliseconds, and its animation
 * makes Chromium paint every frame and hand the page the answer only after one: a lookup
 * painted about 15 ms later (docs/performance.md: P3). Shown after a grace period, it only
 * appears when there is a wait to show.
 */
/** How long a check runs before a window says it is checking (Validate, quick lookup). */
export const CHECKING_GRACE_MS = 150

export function useShownAfter(on: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!on) return
    const timer = setTimeout(() => setShown(true), delayMs)
    // The next wait starts from its own grace period.
    return () => {
      clearTimeout(timer)
      setShown(false)
    }
  }, [on, delayMs])
  return on && shown
}
