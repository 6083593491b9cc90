import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { z } from 'zod'
import { createFaults, type FaultController } from './faults'
import { createHandler, type HandlerContext, type LoggedRequest } from './handler'
import { createMediaStore } from './media'
import { defaultMediaDir } from './media-dir'
import { createRateLimiter } from './rate-limit'
import { startSimulatedSales } from './sales'
import type { Reply } from './reply'
import { createDemoData, type SampleCodes } from './seed'
import { REAL_TEXTS, SPEC_TEXTS } from './texts'
import type { DemoData, DemoItem } from './types'

export type * from './types'

/**
 * The demo marketplace: a small Seller API server with seeded data and media. Plain Node
 * (no Electron), so the CLI, the tests and the app's "Explore the demo" all run it.
 */

export interface DemoServerOptions {
  /** Default 0 (a random free port); binds 127.0.0.1 only. */
  port?: number
  /** 'spec' answers exactly as docs/seller-api.md; 'real' as a real install (docs/real-installs.md). */
  mode?: 'spec' | 'real'
  /** Number of listed items; default the 30 hand-written ones. 10,000 is fine. */
  size?: number
  /** Same seed, same keys, codes and catalogue. */
  seed?: number
  /** Real mode: requests per window per client IP; default 60 per 60,000 ms. */
  rateLimit?: { limit: number; windowMs: number }
  /** Real mode: the site's translation of status, msg and license_type. */
  locale?: 'en' | 'es'
  /** Real mode: 'single' and 'empty' leave 1 or 0 listed items (both 404 "No Items Found"). */
  catalogue?: 'full' | 'single' | 'empty'
  /** Real mode: one listed item lacks its sub-category, so the list, its read and its purchases answer 500. */
  missingSubCategory?: boolean
  /** Folder of the media files; the default works from source and from the built app. */
  mediaDir?: string
  /** Real mode: the site's default currency; null as a site may be configured. Default 'USD'. */
  currency?: string | null
  /**
   * Tests only, in-process: items listed after the seeded ones (the newest), such as a
   * hostile description written for one test. Never reachable over HTTP.
   */
  extraItems?: DemoItem[]
  /** A simulated sale every this many ms credits the seller's balance (sales.ts); none unless set. */
  salesEveryMs?: number
}

export interface DemoServer {
  /** e.g. http://127.0.0.1:43123 (no trailing slash). */
  baseUrl: string
  /** The seller's key: 64 lower-case hex characters. */
  apiKey: string
  /** A buyer's key: account details answer, the other three are 404. */
  buyerKey: string
  /** `invalid` is a well-formed UUID that no purchase has. */
  sampleCodes: SampleCodes
  mode: 'spec' | 'real'
  data: DemoData
  faults: FaultController
  /** The last 500 requests, oldest first, for tests. */
  requests: ReadonlyArray<LoggedRequest>
  /** Closes the server and every open socket, hanging ones too. */
  close(): Promise<void>
}

const OptionsSchema = z.object({
  port: z.number().int().min(0).max(65_535).optional(),
  mode: z.enum(['spec', 'real']).optional(),
  size: z.number().int().min(0).max(1_000_000).optional(),
  seed: z.number().int().optional(),
  rateLimit: z
    .object({ limit: z.number().int().positive(), windowMs: z.number().int().positive() })
    .optional(),
  locale: z.enum(['en', 'es']).optional(),
  catalogue: z.enum(['full', 'single', 'empty']).optional(),
  missingSubCategory: z.boolean().optional(),
  mediaDir: z.string().min(1).optional(),
  currency: z.string().nullable().optional(),
  // The caller builds these in code with the DemoItem type; only their ids are checked.
  extraItems: z
    .array(
      z.custom<DemoItem>(
        (v) => typeof v === 'object' && v !== null && Number.isInteger((v as { id?: unknown }).id)
      )
    )
    .optional(),
  salesEveryMs: z.number().int().min(100).optional()
})

const DEFAULT_SEED = 20_240_302
const DAY = 86_400_000
const CACHE_ENTRIES = 8

export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const o = OptionsSchema.parse(options)
  const mode = o.mode ?? 'spec'
  const real = mode === 'real'
  const { data, sampleCodes } = createDemoData({
    seed: o.seed ?? DEFAULT_SEED,
    size: o.size,
    // The spec has no such states: these knobs shape real mode only.
    catalogue: real ? (o.catalogue ?? 'full') : 'full',
    missingSubCategory: real && (o.missingSubCategory ?? false),
    currency: real && o.currency !== undefined ? o.currency : 'USD',
    now: Math.floor(Date.now() / DAY) * DAY
  })
  if (o.extraItems) data.items.push(...o.extraItems)

  const listed = new Map(data.items.map((i) => [i.id, i]))
  const every = new Map([...data.unlisted, ...data.items].map((i) => [i.id, i]))
  const purchases = new Map(data.purchases.map((p) => [p.code, p]))
  const bodies = new Map<string, Reply>()
  const timers = new Set<NodeJS.Timeout>()
  const log: LoggedRequest[] = []
  const faults = createFaults()
  const rate = o.rateLimit ?? { limit: 60, windowMs: 60_000 }
  let closing = false

  const ctx: HandlerContext = {
    mode,
    data,
    baseUrl: '',
    texts: real ? REAL_TEXTS[o.locale ?? 'en'] : SPEC_TEXTS,
    limiter: createRateLimiter(rate.limit, rate.windowMs),
    faults,
    media: createMediaStore(o.mediaDir ?? defaultMediaDir()),
    log,
    listedItem: (id) => listed.get(id),
    anyItem: (id) => every.get(id),
    activePurchase: (code) => {
      const p = purchases.get(code.trim().toLowerCase())
      return p?.state === 'active' ? p : undefined
    },
    cached: (key, build) => {
      let reply = bodies.get(key)
      if (!reply) {
        const built = build()
        // Encoded once: a 100,000-item list is 70 MB, which every request would encode again.
        reply = { ...built, body: Buffer.from(built.body) }
        if (bodies.size >= CACHE_ENTRIES) bodies.clear()
        bodies.set(key, reply)
      }
      return reply
    },
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        if (closing) return
        const timer = setTimeout(() => {
          timers.delete(timer)
          resolve()
        }, ms)
        timers.add(timer)
      })
  }

  const server = createServer(createHandler(ctx))
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(o.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  ctx.baseUrl = `http://127.0.0.1:${port}`
  const sales = o.salesEveryMs === undefined ? null : startSimulatedSales(data, o.salesEveryMs)

  let closed: Promise<void> | null = null
  return {
    baseUrl: ctx.baseUrl,
    apiKey: data.seller.key,
    buyerKey: data.buyer.key,
    sampleCodes,
    mode,
    data,
    faults,
    requests: log,
    close() {
      closed ??= new Promise<void>((resolve) => {
        closing = true
        sales?.stop()
        for (const timer of timers) clearTimeout(timer)
        timers.clear()
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
        server.closeAllConnections()
      })
      return closed
    }
  }
}
