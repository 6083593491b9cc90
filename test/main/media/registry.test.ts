import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  EVICT_BATCH,
  MAX_URLS,
  MediaAllowList,
  mediaKeyUrl
} from '../../../electron/main/media/registry'

const address = (n: number): string => `https://cdn.example.test/items/${n}/thumb.jpg`

describe('MediaAllowList', () => {
  afterEach(() => vi.restoreAllMocks())

  it('allows the http(s) addresses it was given, in one spelling, and nothing else', () => {
    const list = new MediaAllowList()
    list.allow('c1', [
      'https://CDN.example.test/a.jpg#part',
      'http://cdn.example.test/b.png',
      'file:///etc/passwd',
      'https://user:secret@cdn.example.test/c.jpg',
      'not an address'
    ])
    expect(list.isAllowed('https://cdn.example.test/a.jpg')).toBe(true)
    expect(mediaKeyUrl('https://CDN.example.test/a.jpg#part')).toBe(
      'https://cdn.example.test/a.jpg'
    )
    expect(mediaKeyUrl('https://cdn.example.test/a.jpg#')).toBe('https://cdn.example.test/a.jpg')
    expect(mediaKeyUrl('https://cdn.example.test/a.jpg?w=1')).toBe(
      'https://cdn.example.test/a.jpg?w=1'
    )
    expect(list.isAllowed('http://cdn.example.test/b.png')).toBe(true)
    expect(list.isAllowed('file:///etc/passwd')).toBe(false)
    expect(list.isAllowed('https://user:secret@cdn.example.test/c.jpg')).toBe(false)
    expect(list.isAllowed('https://cdn.example.test/c.jpg')).toBe(false)
    expect(list.isAllowed('https://cdn.example.test/never-sent.jpg')).toBe(false)
  })

  it('knows which connections were sent an address, and forgets a removed one', () => {
    const list = new MediaAllowList()
    list.allow('c1', [address(1), address(2)])
    list.allow('c2', [address(2)])
    expect(list.ownersOf(address(2)).sort()).toEqual(['c1', 'c2'])
    list.forgetConnection('c1')
    expect(list.isAllowed(address(1))).toBe(false)
    expect(list.ownersOf(address(2))).toEqual(['c2'])
  })

  it('holds at most its bound, letting the oldest addresses go first', () => {
    const list = new MediaAllowList()
    const count = MAX_URLS + EVICT_BATCH + 1
    list.allow(
      'c1',
      Array.from({ length: count }, (_, n) => address(n))
    )
    // Passing the bound by a batch brought it back to the bound: the oldest went.
    const kept = Array.from({ length: count }, (_, n) => list.isAllowed(address(n)))
    expect(kept.filter(Boolean)).toHaveLength(MAX_URLS)
    expect(kept.indexOf(true)).toBe(count - MAX_URLS)
    expect(list.isAllowed(address(count - 1))).toBe(true)
    // An address let go of is allowed again when an answer holds it again.
    list.allow('c1', [address(0)])
    expect(list.isAllowed(address(0))).toBe(true)
  })

  it('lets go of addresses a batch at a time, not one at a time', () => {
    // One at a time, each eviction walked the deleted entries before it: a 100,000-item
    // list took 15 s to allow. Each walk starts with a call to keys().
    const keys = vi.spyOn(Map.prototype, 'keys')
    const list = new MediaAllowList()
    const batches = 3
    list.allow(
      'c1',
      Array.from({ length: MAX_URLS + batches * EVICT_BATCH + 1 }, (_, n) => address(n))
    )
    expect(keys.mock.calls.length).toBeLessThanOrEqual(batches)
    expect(keys.mock.calls.length).toBeGreaterThan(0)
  })
})
