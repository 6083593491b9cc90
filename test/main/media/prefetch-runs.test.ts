import { describe, expect, it } from 'vitest'
import type { MediaCache } from '../../../electron/main/media/media-cache'
import { createListPrefetch } from '../../../electron/main/media/prefetch-runs'
import type { Item } from '../../../shared/model'
import { makeItem } from '../../support/model-fixtures'

interface Asked {
  urls: string[]
  priority: string | undefined
  owner: string | undefined
}

type Prefetch = MediaCache['prefetch']
const NOTHING = { stored: 0, failed: 0 }

function recordingMedia(): { asked: Asked[]; prefetch: Prefetch } {
  const asked: Asked[] = []
  return {
    asked,
    prefetch: async (urls, options) => {
      asked.push({ urls: [...urls], priority: options?.priority, owner: options?.owner })
      return NOTHING
    }
  }
}

function items(count: number, screenshots = 0): Item[] {
  return Array.from({ length: count }, (_, n) =>
    makeItem(n + 1, {
      media: {
        thumbnail: n % 3 === 2 ? null : `https://m.example/t/${n + 1}.jpg`,
        preview_image: `https://m.example/p/${n + 1}.jpg`,
        preview_video: null,
        preview_audio: null,
        screenshots: Array.from(
          { length: screenshots },
          (_, s) => `https://m.example/s/${n + 1}-${s}.jpg`
        )
      }
    })
  )
}

const until = async (what: string, ok: () => boolean): Promise<void> => {
  for (let i = 0; i < 2000 && !ok(); i++) await new Promise((r) => setTimeout(r, 5))
  if (!ok()) throw new Error(`timed out waiting for ${what}`)
}

describe('list prefetch: the addresses of a stored list', () => {
  it('asks for every thumbnail, then preview images and screenshots item by item', async () => {
    const media = recordingMedia()
    const prefetch = createListPrefetch(media)
    prefetch.itemsStored('c1', items(4, 2))
    await until('both runs', () => media.asked.length === 2)
    const thumbs = media.asked.find((a) => a.priority === undefined)!
    const gallery = media.asked.find((a) => a.priority === 'low')!
    expect(thumbs.urls).toEqual([1, 2, 4].map((n) => `https://m.example/t/${n}.jpg`))
    expect(gallery.urls.slice(0, 3)).toEqual([
      'https://m.example/p/1.jpg',
      'https://m.example/s/1-0.jpg',
      'https://m.example/s/1-1.jpg'
    ])
    expect(gallery.urls).toHaveLength(12)
    expect(thumbs.owner).toBe('c1')
    prefetch.stop()
  })

  it('gathers a large list in slices: answers waiting on the same thread go first', async () => {
    const media = recordingMedia()
    const prefetch = createListPrefetch(media)
    // 1,800,000 addresses: tens of ms of work on any machine, in one go before.
    const big = items(300_000, 5)
    prefetch.itemsStored('c1', big)
    let turnsBeforeGallery = 0
    let done = false
    const count = (): void => {
      if (done) return
      if (!media.asked.some((a) => a.priority === 'low')) turnsBeforeGallery++
      setImmediate(count)
    }
    setImmediate(count)
    await until('the gallery run', () => media.asked.some((a) => a.priority === 'low'))
    done = true
    // Made in one synchronous loop, the list would be asked for before a second turn.
    expect(turnsBeforeGallery).toBeGreaterThan(2)
    expect(media.asked.find((a) => a.priority === 'low')!.urls).toHaveLength(300_000 * 6)
    prefetch.stop()
  })

  it('stops gathering when the app closes: nothing is asked for after that', async () => {
    const media = recordingMedia()
    const prefetch = createListPrefetch(media)
    prefetch.itemsStored('c1', items(300_000, 5))
    await new Promise((r) => setImmediate(r))
    prefetch.stop()
    await new Promise((r) => setTimeout(r, 300))
    expect(media.asked.every((a) => a.urls.length === 0)).toBe(true)
  })

  it('a list stored while its run is under way is fetched after it, the latest one only', async () => {
    const asked: string[][] = []
    let release!: () => void
    const first = new Promise<void>((r) => (release = r))
    const prefetch = createListPrefetch({
      prefetch: async (urls, options) => {
        if (options?.priority === 'low') return NOTHING
        asked.push([...urls])
        if (asked.length === 1) await first
        return NOTHING
      }
    })
    prefetch.itemsStored('c1', items(2))
    await until('the first run', () => asked.length === 1)
    prefetch.itemsStored('c1', [makeItem(50)])
    prefetch.itemsStored('c1', [makeItem(60)])
    release()
    await until('the second run', () => asked.length === 2)
    await new Promise((r) => setTimeout(r, 50))
    expect(asked).toEqual([
      ['https://m.example/t/1.jpg', 'https://m.example/t/2.jpg'],
      ['https://market.example/media/60/thumb.png']
    ])
    prefetch.stop()
  })
})
