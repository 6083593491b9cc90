import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A small Seller API marketplace of the tests' own, on 127.0.0.1, that misbehaves on
 * demand: its item list can fail with a 500, and each media file can answer normally,
 * stall after its headers or trickle a byte at a time. Real-install shapes
 * (docs/real-installs.md): the purchase under `item`, tags as a string, screenshots as null.
 */

const MARKET_KEY = 'c0ffee'.repeat(10) + 'beef'

/** A 1x1 PNG: what every healthy media file answers. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

/** How one media path answers, by attempt (1 for the first request of that path). */
type MediaBehaviour = 'ok' | 'stall' | 'trickle'

export interface FaultyMarket {
  baseUrl: string
  key: string
  /** Ids the list endpoint currently answers (single reads answer any of `allIds`). */
  listed: number[]
  /** Every id the market knows. */
  allIds: number[]
  /** When set, the list endpoint answers this status: 404 "No Items Found", else a framework error. */
  listFailure: number | null
  /** Media path (e.g. "/m/thumb-3.png") to behaviour by attempt; 'ok' when absent. */
  media: Map<string, (attempt: number) => MediaBehaviour>
  /** Media requests received, by path. */
  mediaHits: Map<string, number>
  /** Requests whose body is still held open (stalls and trickles). */
  openBodies(): number
  mediaUrl(path: string): string
  close(): Promise<void>
}

function itemOf(base: string, id: number) {
  return {
    id,
    name: `Faulty item ${id}`,
    description: `<p>Item ${id}</p>`,
    category: 'Templates',
    sub_category: 'Admin',
    options: null,
    version: '1.0.0',
    demo_link: null,
    tags: 'one,two',
    media: {
      thumbnail: `${base}/m/thumb-${id}.png`,
      preview_image: `${base}/m/preview-${id}.png`,
      screenshots: null
    },
    price: { regular: 10, extended: 50 },
    currency: 'USD',
    published_at: '2024-03-02T14:05:51.000000Z'
  }
}

const ACCOUNT = (base: string) => ({
  name: { firstname: 'Fay', lastname: 'Ulty', full_name: 'Fay Ulty' },
  username: 'fay',
  email: 'fay@example.com',
  balance: 12.5,
  currency: 'USD',
  profile: {
    heading: 'Faulty shop',
    description: null,
    contact: { email: null },
    social_links: null,
    media: { avatar: `${base}/m/avatar.png`, cover: `${base}/m/cover.png` }
  },
  registered_at: '2024-03-02T14:05:51.000000Z'
})

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify(body))
}

export async function startFaultyMarket(ids: number[]): Promise<FaultyMarket> {
  const held = new Set<ServerResponse>()
  const timers = new Set<NodeJS.Timeout>()
  let base = ''
  const market: FaultyMarket = {
    baseUrl: '',
    key: MARKET_KEY,
    listed: [...ids],
    allIds: [...ids],
    listFailure: null,
    media: new Map(),
    mediaHits: new Map(),
    openBodies: () => held.size,
    mediaUrl: (path) => `${base}${path}`,
    close: async () => {
      for (const t of timers) clearInterval(t)
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }

  const serveMedia = (path: string, res: ServerResponse): void => {
    const attempt = (market.mediaHits.get(path) ?? 0) + 1
    market.mediaHits.set(path, attempt)
    const behaviour = market.media.get(path)?.(attempt) ?? 'ok'
    if (behaviour === 'ok') {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(PNG.length) })
      res.end(PNG)
      return
    }
    // Headers and a first byte, then nothing more (stall) or one byte now and then
    // (trickle), chunked so that no length tells the reader when it is over.
    res.writeHead(200, { 'Content-Type': 'image/png' })
    res.write(PNG.subarray(0, 1))
    held.add(res)
    res.on('close', () => held.delete(res))
    if (behaviour === 'trickle') {
      let at = 1
      const timer = setInterval(() => {
        // Never finishes: a byte of padding forever once the real bytes are out.
        res.write(at < PNG.length - 1 ? PNG.subarray(at, at + 1) : Buffer.from([0]))
        at++
        if (at >= PNG.length - 1) at = 1
      }, 50)
      timers.add(timer)
      res.on('close', () => {
        clearInterval(timer)
        timers.delete(timer)
      })
    }
  }

  const handle = (req: IncomingMessage, res: ServerResponse, body: string): void => {
    const url = new URL(req.url ?? '/', base)
    if (url.pathname.startsWith('/m/')) return serveMedia(url.pathname, res)
    const params = req.method === 'POST' ? new URLSearchParams(body) : url.searchParams
    if (params.get('api_key') !== MARKET_KEY) {
      json(res, url.pathname === '/api/account/details' ? 401 : 404, {
        status: 'error',
        msg: 'Invalid request'
      })
      return
    }
    switch (url.pathname) {
      case '/api/account/details':
        return json(res, 200, { status: 'success', data: ACCOUNT(base) })
      case '/api/items/all':
        if (market.listFailure === 404)
          return json(res, 404, { status: 'error', msg: 'No Items Found' })
        if (market.listFailure !== null)
          return json(res, market.listFailure, { message: 'Server Error' })
        return json(res, 200, {
          status: 'success',
          items: market.listed.map((id) => itemOf(base, id))
        })
      case '/api/items/item': {
        const id = Number(params.get('item_id'))
        if (!market.allIds.includes(id))
          return json(res, 404, { status: 'error', msg: 'Item Not Found' })
        return json(res, 200, { status: 'success', item: itemOf(base, id) })
      }
      case '/api/purchases/validation':
        // Every code is unknown here, as a refunded one would be (real-installs §17).
        return json(res, 404, { status: 'error', msg: 'Invalid purchase code' })
      default:
        return json(res, 404, { message: '' })
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  market.baseUrl = base
  return market
}
