import { expect, it, vi } from 'vitest'
import type { Virtualizer } from '@tanstack/react-virtual'
import { guessGridBox, scrollUnlessFresh } from '../../../../renderer/src/views/items/useGridBox'

// The grid drawing from the guess, and measuring without one: VirtualItems.test.tsx.

it('guesses only from a record that leaves the grid room in the window as it is now', () => {
  const win = { innerWidth: 1280, innerHeight: 800 } as Window
  expect(guessGridBox(null, win)).toBeNull()
  expect(guessGridBox({ x: 220, y: 113 }, win)).toEqual({ width: 1060, height: 687 })
  // Kept from a larger window: nothing to go by, so the grid measures.
  expect(guessGridBox({ x: 1280, y: 113 }, win)).toBeNull()
  expect(guessGridBox({ x: 220, y: 900 }, win)).toBeNull()
})

it("skips only the virtualiser's first write of 0, to a box that is at 0 already", () => {
  const scrollTo = vi.fn()
  const fake = (): Virtualizer<HTMLDivElement, Element> =>
    ({
      scrollElement: { scrollTo },
      options: { horizontal: false, isRtl: false }
    }) as unknown as Virtualizer<HTMLDivElement, Element>
  const fresh = fake()
  scrollUnlessFresh(0, {}, fresh)
  expect(scrollTo).not.toHaveBeenCalled()
  scrollUnlessFresh(0, {}, fresh)
  expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: undefined })
  // Back to a scrolled spot: the first write is made.
  scrollUnlessFresh(900, {}, fake())
  expect(scrollTo).toHaveBeenLastCalledWith({ top: 900, behavior: undefined })
  expect(scrollTo).toHaveBeenCalledTimes(2)
})
