import { describe, expect, it } from 'vitest'
import {
  takeHostToken,
  TOKEN_STORAGE_KEY,
  type TokenPlace
} from '../../../renderer/src/transport/token'

// The browser host gives the page its token in the address's fragment; the page moves it
// to sessionStorage and clears the address bar.

function fakePlace(
  hash: string,
  stored: Record<string, string> = {}
): TokenPlace & { url: string; store: Record<string, string> } {
  const place = {
    url: `/index.html${hash}`,
    store: { ...stored },
    location: { hash, pathname: '/', search: '' },
    history: {
      state: null,
      replaceState(_data: unknown, _unused: string, url?: string | null) {
        place.url = url ?? place.url
        place.location.hash = ''
      }
    },
    sessionStorage: {
      getItem: (key: string) => place.store[key] ?? null,
      setItem: (key: string, value: string) => {
        place.store[key] = value
      }
    }
  }
  return place
}

describe('the host token in the page', () => {
  const token = 'abcDEF0123456789_-abcDEF0123456789_-abcDEFG'

  it('takes the token from the fragment, clears the address bar and keeps it for reloads', () => {
    const place = fakePlace(`#token=${token}`)
    expect(takeHostToken(place)).toBe(token)
    expect(place.url).toBe('/')
    expect(place.store[TOKEN_STORAGE_KEY]).toBe(token)
    // The reload: no fragment any more, the token comes from sessionStorage.
    expect(takeHostToken(place)).toBe(token)
  })

  it('clears the address bar at once, and keeps the token when told to', () => {
    const place = fakePlace(`#token=${token}`)
    let keep: (() => void) | null = null
    expect(
      takeHostToken(place, (write) => {
        keep = write
      })
    ).toBe(token)
    expect(place.url).toBe('/')
    expect(place.store[TOKEN_STORAGE_KEY]).toBeUndefined()
    keep!()
    expect(place.store[TOKEN_STORAGE_KEY]).toBe(token)
  })

  it('finds no token on a page opened without one, and ignores malformed ones', () => {
    expect(takeHostToken(fakePlace(''))).toBeNull()
    const bad = fakePlace('#token=<script>')
    expect(takeHostToken(bad)).toBeNull()
    expect(bad.url).toBe('/')
    expect(takeHostToken(fakePlace('', { [TOKEN_STORAGE_KEY]: 'x y' }))).toBeNull()
  })
})
