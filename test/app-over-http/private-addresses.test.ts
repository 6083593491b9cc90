import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { addressClass } from '../../electron/main/marketplace/address-class'
import { ITEM, type Fixture } from '../support/marketplace-fixture'
import { rawRequest } from '../support/harness-http'
import { startKeyHost, startMarket, type KeyHost } from '../support/hostile-market'

// A marketplace must not make main fetch from this computer or its network. Only
// loopback addresses are ever used: the marketplace on 127.0.0.1 plays a site on the
// internet (the host is told to class 127.0.0.1 as public), and 127.0.0.2 plays a
// private service behind it (a router page, a database's web console, cloud metadata).

const KEY = 'c0ffee42'.repeat(8)
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

interface Internal {
  port: number
  /** Connections accepted: none may ever be made when the address is refused. */
  connections: number
  requests: string[]
  close(): Promise<void>
}

/** The private service: an image server on 127.0.0.2 that counts every connection. */
async function startInternal(): Promise<Internal> {
  const requests: string[] = []
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '')
    res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG)
  })
  const state = { connections: 0 }
  server.on('connection', () => state.connections++)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return state.connections
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

const open: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close()
})

/**
 * A marketplace on 127.0.0.1 whose item lists a file on the private service and a file
 * of its own that redirects there, plus one honest file of its own.
 */
async function marketNaming(internal: Internal): Promise<Fixture> {
  const secret = `http://127.0.0.2:${internal.port}/router-admin.png`
  const market = await startMarket({
    item: (_key, origin) => ({
      ...ITEM,
      media: {
        thumbnail: secret,
        preview_image: `${origin}/hop.png`,
        screenshots: { '0': `${origin}/own.png` }
      }
    }),
    other: (req, res) => {
      if (req.url.pathname === '/hop.png') {
        res.writeHead(302, { Location: secret }).end()
        return true
      }
      if (req.url.pathname === '/own.png') {
        res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG)
        return true
      }
      return false
    }
  })
  open.push(market)
  return market
}

async function media(h: KeyHost, remote: string): Promise<number> {
  const { port, mediaToken } = h.host.server
  const answer = await rawRequest({
    port,
    path: `/media?u=${encodeURIComponent(remote)}&t=${mediaToken}`
  })
  return answer.status
}

describe('private addresses', () => {
  it('a marketplace on the internet cannot make main fetch from a private address, directly or by a redirect', async () => {
    const internal = await startInternal()
    open.push(internal)
    const market = await marketNaming(internal)
    const h = await startKeyHost({
      classifyAddress: (ip) => (ip === '127.0.0.1' ? 'public' : addressClass(ip))
    })
    open.push(h)
    expect((await h.rpc('addConnection', { baseUrl: market.url, apiKey: KEY })).ok).toBe(true)
    expect((await h.rpc('listItems', { refresh: true })).ok).toBe(true)

    // The marketplace's own file comes through: the rule is about where, not whether.
    expect(await media(h, `${market.url}/own.png`)).toBe(200)
    expect(await media(h, `http://127.0.0.2:${internal.port}/router-admin.png`)).toBe(502)
    expect(await media(h, `${market.url}/hop.png`)).toBe(502)
    // The redirect was asked for; where it led was never connected to.
    expect(market.requests.some((r) => r.url.pathname === '/hop.png')).toBe(true)
    // Background prefetch went the same way: close() waits for every fetch under way.
    await h.host.close()
    expect(internal.requests).toEqual([])
    expect(internal.connections).toBe(0)
  })

  it('a marketplace on this computer may use local addresses (a seller testing locally)', async () => {
    const internal = await startInternal()
    open.push(internal)
    const market = await marketNaming(internal)
    const h = await startKeyHost()
    open.push(h)
    expect((await h.rpc('addConnection', { baseUrl: market.url, apiKey: KEY })).ok).toBe(true)
    expect((await h.rpc('listItems', { refresh: true })).ok).toBe(true)
    expect(await media(h, `http://127.0.0.2:${internal.port}/router-admin.png`)).toBe(200)
    expect(await media(h, `${market.url}/hop.png`)).toBe(200)
    expect(internal.requests.length).toBeGreaterThan(0)
  })
})
