import { describe, expect, it } from 'vitest'
import { createClientCache } from '../../../electron/main/connections/active-client'
import { createMarketplaceClient } from '../../../electron/main/marketplace/client'
import { normaliseBaseUrl } from '../../../electron/main/marketplace/base-url'
import { createPacer } from '../../../electron/main/marketplace/pacer'
import { KEY_MASK } from '../../../electron/main/marketplace/scrub'
import type { StoredConnection } from '../../../electron/main/settings/schema'
import { SITE, specItem } from '../marketplace/wire/fixtures'

const KEY = 'k3y-9f8e7d6c5b4a39281706f5e4d3c2b1a0'
const ITEMS = 10_000

/** A 10,000-item answer: one item echoes the key in its name, one has a price that is not a number. */
function answerBytes(): Uint8Array {
  const items = Array.from({ length: ITEMS }, (_, n) =>
    specItem({
      id: n + 1,
      name: n === 7 ? `Kit ${KEY}` : `Kit ${n}`,
      ...(n === 9 ? { price: { regular: 'lots', extended: 1 } } : {})
    })
  )
  return new TextEncoder().encode(JSON.stringify({ status: 'success', items }))
}

/**
 * The answer arrives in one chunk; `lastByte` is called as the stream ends, once the client
 * has every byte and only its own work on them (scan, parse, key scrub) is left.
 */
function fetchServing(bytes: Uint8Array, lastByte: () => void) {
  return async (): Promise<Response> => {
    let sent = false
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true
          controller.enqueue(bytes)
          return
        }
        lastByte()
        controller.close()
      }
    })
    return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } })
  }
}

describe('a large catalogue refresh lets the event loop turn', () => {
  it('a callback queued as the last byte arrives is called before the list is read, and again between', async () => {
    let ticks = 0
    let read = false
    let ticksWhenRead = -1
    const tick = (): void => {
      if (read) return
      ticks++
      setImmediate(tick)
    }
    const fetch = fetchServing(answerBytes(), () => setImmediate(tick))
    const clients = createClientCache({
      createClient: (o) => createMarketplaceClient({ ...o, fetch, pacer: createPacer() }),
      normaliseBaseUrl
    })
    const connection: StoredConnection = { id: 'c1', baseUrl: SITE, label: 'Shop', isDemo: false }
    const list = await clients.clientFor(connection, KEY).listItemsReport()
    read = true
    ticksWhenRead = ticks

    // Before: the scan, the parse of 10,000 items and the key scrub ran in one turn, and
    // nothing queued meanwhile ran until they were done (0 turns). Each now yields between
    // steps of a few milliseconds: three kinds of work, each over many slices.
    expect(ticksWhenRead).toBeGreaterThanOrEqual(3)

    // Still the same list: every good item, the bad amount refused on its own, the key masked.
    expect(list.items).toHaveLength(ITEMS - 1)
    expect(list.skipped).toHaveLength(1)
    expect(list.skipped[0]!.field).toBe('items[9].price.regular')
    expect(list.items[7]!.name).toBe(`Kit ${KEY_MASK}`)
    expect(JSON.stringify(list)).not.toContain(KEY.slice(4, 20))
  })
})
