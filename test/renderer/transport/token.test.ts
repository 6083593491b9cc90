import { describe, expect, it } from 'vitest'
import {
  takeHostToken,
  TOKEN_STORAGE_KEY,
  MEDIA_TOKEN_STORAGE_KEY,
  type TokenPlace
} from '../../../renderer/src/transport/token'

// The browser host gives the page its tokens in the address's fragment; the page moves them
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

  it('takes the tokens from the fragment, clears the address bar and keeps them for reloads', () => {
    const media = 'mediaTOKEN0123456789_-mediaTOKEN0123456789_'
    const place = fakePlace(`#token=${token}&media=${media}`)
    expect(takeHostToken(place)).toEqual({ rpc: token, media })
    expect(place.url).toBe('/')
    expect(place.store[TOKEN_STORAGE_KEY]).toBe(token)
    expect(place.store[MEDIA_TOKEN_STORAGE_KEY]).toBe(media)
    // The reload: no fragment any more, the tokens come from sessionStorage.
    expect(takeHostToken(place)).toEqual({ rpc: token, media })
  })

  it('clears the address bar at once, and keeps the token when told to', () => {
    const place = fakePlace(`#token=${token}`)
    let keep: (() => void) | null = null
    expect(
      takeHostToken(place, (write) => {
        keep = write
      })
    ).toEqual({ rpc: token, media: null })
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
