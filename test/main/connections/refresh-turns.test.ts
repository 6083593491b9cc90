import { describe, expect, it } from 'vitest'
import { createClientCache } from '../../../electron/main/connections/active-client'
import { createMarketplaceClient } from '../../../electron/main/marketplace/client'
import { normaliseBaseUrl } from '../../../electron/main/marketplace/base-url'
import { createPacer } from '../../../electron/main/marketplace/pacer'
import { KEY_MASK } from '../../../electron/main/marketplace/scrub'
import type { StoredConnection } from '../../../electron/main/settings/schema'
import { foregroundRequest } from '../../../electron/main/util/time-slices'
import { threadedItemsParser } from '../../../electron/main/marketplace/items-worker/items-parser'
import { itemsWorkerScript } from '../../../electron/main/marketplace/items-worker/script'
import { BATCH_ITEMS } from '../../../electron/main/marketplace/items-worker/parse-off-main'
import { countingCalls } from '../../support/counting-calls'
import { SITE, specItem, specPurchase } from '../marketplace/wire/fixtures'

const KEY = 'k3y-9f8e7d6c5b4a39281706f5e4d3c2b1a0'
const CONNECTION: StoredConnection = { id: 'c1', baseUrl: SITE, label: 'Shop', isDemo: false }
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
 * The list's answer arrives in one chunk; `lastByte` is called as its stream ends, once the
 * client has every byte and only its own work on them (scan, parse, key scrub) is left. A
 * purchase check is answered at once.
 */
function fetchServing(bytes: Uint8Array, lastByte: () => void) {
  return async (input: string | URL): Promise<Response> => {
    if (String(input).includes('/purchases/validation'))
      return Response.json({ status: 'success', data: { purchase: specPurchase() } })
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
    const list = await clients.clientFor(CONNECTION, KEY).listItemsReport()
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

  it.each([
    ['in main', undefined],
    ['on the parse thread', threadedItemsParser({ script: itemsWorkerScript(), minBytes: 0 })]
  ])(
    'a purchase check asked as the last byte arrives is answered before the list is read (%s)',
    async (_, parseItems) => {
      const order: string[] = []
      const clients = createClientCache({
        createClient: (o) =>
          createMarketplaceClient({
            ...o,
            fetch,
            pacer: createPacer(),
            ...(parseItems ? { parseItems } : {})
          }),
        normaliseBaseUrl
      })
      const client = (): ReturnType<typeof clients.clientFor> => clients.clientFor(CONNECTION, KEY)
      const fetch = fetchServing(answerBytes(), () => {
        // As dispatch marks a seller's request: the refresh's slices then hold back for it.
        const answered = foregroundRequest()
        void client()
          .validatePurchase('3f2a1b4c-5d6e-4f70-8192-a3b4c5d6e7f8')
          .then((answer) => order.push(answer.valid ? 'check answered' : 'check refused'))
          .finally(answered)
      })
      const list = await client().listItemsReport()
      order.push('list read')

      // Before: the list was read in the turn its last byte came, and the check, asked then,
      // waited for all of it.
      expect(order).toEqual(['check answered', 'list read'])
      expect(list.items).toHaveLength(ITEMS - 1)
    }
  )
})

describe('a large catalogue read on the parse thread', () => {
  it('parses and scrubs no item in main, and gives the same list, the key masked', async () => {
    const parseItems = threadedItemsParser({ script: itemsWorkerScript(), minBytes: 0 })
    const bytes = answerBytes()
    const clients = createClientCache({
      createClient: (o) =>
        createMarketplaceClient({
          ...o,
          fetch: fetchServing(bytes, () => {}),
          pacer: createPacer(),
          parseItems
        }),
      normaliseBaseUrl
    })
    // Every JSON.parse main makes while the list is read: the scan's few (the keys and
    // the answer's head) and one per batch the thread hands back, never one per item as
    // the sliced parse in main makes. And main's key scrub reads each object's entries:
    // read in main, every item is one of them (and every object within it); the thread
    // masks the key itself, and main's scrub passes its list over.
    const {
      result: { result: list, calls: parses },
      calls: entries
    } = await countingCalls(Object, 'entries', () =>
      countingCalls(JSON, 'parse', () => clients.clientFor(CONNECTION, KEY).listItemsReport())
    )
    expect(parses).toBeLessThan(10 + Math.ceil(ITEMS / BATCH_ITEMS))
    expect(entries).toBeLessThan(ITEMS / 100)
    expect(list.items).toHaveLength(ITEMS - 1)
    expect(list.skipped).toHaveLength(1)
    expect(list.skipped[0]!.field).toBe('items[9].price.regular')
    expect(list.items[7]!.name).toBe(`Kit ${KEY_MASK}`)
    expect(JSON.stringify(list)).not.toContain(KEY.slice(4, 20))
  })
})

describe("a catalogue refresh's download", () => {
  it('takes in no more of the answer while the seller waits on an answer, and all of it after', async () => {
    const bytes = answerBytes()
    const CHUNKS = 40
    const size = Math.ceil(bytes.byteLength / CHUNKS)
    // The answer comes a chunk every few ms, as a socket hands a large body over.
    const fetch = async (): Promise<Response> => {
      let at = 0
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((resolve) => setTimeout(resolve, 3))
          if (at >= bytes.byteLength) return controller.close()
          controller.enqueue(bytes.slice(at, at + size))
          at += size
        }
      })
      return new Response(body, {
        status: 200,
        headers: { 'Content-Length': String(bytes.length) }
      })
    }
    const clients = createClientCache({
      createClient: (o) => createMarketplaceClient({ ...o, fetch, pacer: createPacer() }),
      normaliseBaseUrl
    })
    let received = 0
    let heldAt = -1
    let duringHold = -1
    const onProgress = (phase: string, done: number): void => {
      if (phase !== 'downloading') return
      received = done
      if (heldAt >= 0 || done < 4 * size) return
      // The seller types: a search is being answered for the next 150 ms.
      heldAt = done
      const answered = foregroundRequest()
      setTimeout(() => {
        duringHold = received - heldAt
        answered()
      }, 150)
    }
    const list = await clients.clientFor(CONNECTION, KEY).listItemsReport({ onProgress })

    // Before: the download read on at a chunk every 3 ms or more (some 40 chunks in those
    // 150 ms) while the seller's answer waited for main. Now it finishes the slice (8 ms,
    // so three chunks at most) it was in when the search came, then waits for the seller.
    expect(heldAt).toBeGreaterThan(0)
    expect(duringHold).toBeGreaterThanOrEqual(0)
    expect(duringHold).toBeLessThanOrEqual(3 * size)
    expect(received).toBe(bytes.byteLength)
    expect(list.items).toHaveLength(ITEMS - 1)
  })
})
