import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useItems } from '../../../renderer/src/stores/items'
import {
  searchTyped,
  TYPING_SETTLES_MS,
  typingOver,
  useTyping
} from '../../../renderer/src/stores/typing'
import { installFakeBridge, resetStores } from '../fake-bridge'

// While keys change the search, pictures of matches not shown yet wait (ItemThumb): the
// search counts as typed once no key has changed it for TYPING_SETTLES_MS.

const typing = (): boolean => useTyping.getState().typing

beforeEach(() => {
  resetStores()
  installFakeBridge()
  vi.useFakeTimers()
})

afterEach(() => {
  typingOver()
  vi.useRealTimers()
})

describe('typing a search', () => {
  it('lasts from the first key until no key came for the settle time', () => {
    expect(typing()).toBe(false)
    searchTyped()
    expect(typing()).toBe(true)
    // Keys closer together than the settle time keep it going, however long they come.
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(TYPING_SETTLES_MS - 1)
      expect(typing()).toBe(true)
      searchTyped()
    }
    vi.advanceTimersByTime(TYPING_SETTLES_MS - 1)
    expect(typing()).toBe(true)
    vi.advanceTimersByTime(1)
    expect(typing()).toBe(false)
  })

  it('is said on the page, where CSS holds the spinners while keys come', () => {
    const root = document.documentElement
    expect(root.hasAttribute('data-typing')).toBe(false)
    searchTyped()
    expect(root.hasAttribute('data-typing')).toBe(true)
    vi.advanceTimersByTime(TYPING_SETTLES_MS)
    expect(root.hasAttribute('data-typing')).toBe(false)
    searchTyped()
    typingOver()
    expect(root.hasAttribute('data-typing')).toBe(false)
  })

  it('ends at once when the view or connection is left', () => {
    searchTyped()
    useItems.getState().reset()
    expect(typing()).toBe(false)
    // The settle timer of the keys before does not come back to it.
    vi.advanceTimersByTime(TYPING_SETTLES_MS * 2)
    expect(typing()).toBe(false)
  })

  it("is started by a change of the store's query, not by other filters or the same query", () => {
    useItems.getState().setFilters({ category: 'Music', kind: 'video', sort: 'name' })
    expect(typing()).toBe(false)
    useItems.getState().setFilters({ query: 'gl' })
    expect(typing()).toBe(true)
    vi.advanceTimersByTime(TYPING_SETTLES_MS)
    expect(typing()).toBe(false)
    useItems.getState().setFilters({ query: 'gl' })
    expect(typing()).toBe(false)
    useItems.getState().setFilters({ query: '' })
    expect(typing()).toBe(true)
  })
})
