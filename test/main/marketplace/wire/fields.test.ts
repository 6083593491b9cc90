import { describe, expect, it } from 'vitest'
import { cleanUrl } from '../../../../electron/main/marketplace/wire/fields'
import { wireItem } from '../../../../electron/main/marketplace/wire/item'

describe('cleanUrl (real-installs §24)', () => {
  it('keeps a file URL, with or without a query, on a root or a sub-folder install', () => {
    expect(cleanUrl('https://market.example/media/t.jpg')).toBe(
      'https://market.example/media/t.jpg'
    )
    expect(cleanUrl('http://market.example/shop/media/t.jpg?v=3')).toBe(
      'http://market.example/shop/media/t.jpg?v=3'
    )
  })

  it('treats the bare site root as no image', () => {
    expect(cleanUrl('https://market.example')).toBeNull()
    expect(cleanUrl('https://market.example/')).toBeNull()
  })

  it('treats a folder, such as a sub-folder install’s root, as no image', () => {
    expect(cleanUrl('https://market.example/shop/')).toBeNull()
    expect(cleanUrl('https://market.example/shop/media/')).toBeNull()
  })

  it('keeps folders and roots where a link is meant (demo links, profiles)', () => {
    expect(cleanUrl('https://market.example/shop/', { allowRoot: true })).toBe(
      'https://market.example/shop/'
    )
    expect(cleanUrl('https://market.example/', { allowRoot: true })).toBe('https://market.example/')
  })

  it('a sub-folder install’s empty media fields become null in an item', () => {
    const r = wireItem.safeParse({
      id: 7,
      name: 'Kit',
      price: { regular: 5, extended: 50 },
      demo_link: 'https://market.example/shop/',
      media: {
        thumbnail: 'https://market.example/shop/',
        preview_image: 'https://market.example/shop/media/7/p.jpg',
        screenshots: {
          '0': 'https://market.example/shop/',
          '1': 'https://market.example/shop/s1.jpg'
        }
      }
    })
    expect(r.success).toBe(true)
    if (!r.success) return
    expect(r.data.media.thumbnail).toBeNull()
    expect(r.data.media.preview_image).toBe('https://market.example/shop/media/7/p.jpg')
    expect(r.data.media.screenshots).toEqual(['https://market.example/shop/s1.jpg'])
    expect(r.data.demo_link).toBe('https://market.example/shop/')
  })
})
