import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { addressClass } from '../../../electron/main/marketplace/address-class'
import { guardedFetch } from '../../../electron/main/marketplace/guarded-fetch'
import { MarketplaceError } from '../../../electron/main/marketplace/errors'
import { fetchMedia } from '../../../electron/main/media/fetch-media'

// The media transport connects only where the guard allows, judged by the address it
// actually connects to. Names resolve through a test resolver (as a DNS server of the
// marketplace's own would answer); every address used is a loopback one: 127.0.0.1
// plays a public site, 127.0.0.2 a private service.

const classify = (ip: string) => (ip === '127.0.0.1' ? 'public' : addressClass(ip))

interface Listener {
  port: number
  hosts: string[]
  connections(): number
  close(): Promise<void>
}

async function listen(
  address: string,
  answer: (url: string, res: import('node:http').ServerResponse) => void
): Promise<Listener> {
  const hosts: string[] = []
  let connections = 0
  const server: Server = createServer((req, res) => {
    hosts.push(req.headers.host ?? '')
    answer(req.url ?? '/', res)
  })
  server.on('connection', () => connections++)
  await new Promise<void>((resolve) => server.listen(0, address, resolve))
  return {
    port: (server.address() as AddressInfo).port,
    hosts,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

const open: Listener[] = []
afterEach(async () => {
  for (const l of open.splice(0)) await l.close()
})

const image = (_url: string, res: import('node:http').ServerResponse): void => {
  res.writeHead(200, { 'Content-Type': 'image/png' }).end('png')
}

async function blocked(p: Promise<unknown>): Promise<MarketplaceError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err
  )
  expect(e).toBeInstanceOf(MarketplaceError)
  expect((e as MarketplaceError).kind).toBe('blocked')
  return e as MarketplaceError
}

describe('guardedFetch', () => {
  it('refuses a name that resolves to a private address, before connecting', async () => {
    const internal = await listen('127.0.0.2', image)
    open.push(internal)
    const fetch = guardedFetch({
      allowLocal: false,
      classify,
      resolve: async () => [{ address: '127.0.0.2', family: 4 }]
    })
    const e = await blocked(fetch(`http://cdn.example:${internal.port}/a.png`))
    expect(e.message).toContain(`cdn.example`)
    expect(internal.connections()).toBe(0)
  })

  it('refuses a name when any of its addresses is private (a mixed answer)', async () => {
    const internal = await listen('127.0.0.2', image)
    open.push(internal)
    const fetch = guardedFetch({
      allowLocal: false,
      classify,
      resolve: async () => [
        { address: '127.0.0.1', family: 4 },
        { address: '127.0.0.2', family: 4 }
      ]
    })
    await blocked(fetch(`http://cdn.example:${internal.port}/a.png`))
    expect(internal.connections()).toBe(0)
  })

  it('connects to the very address it checked, and refuses IP literals as written', async () => {
    const site = await listen('127.0.0.1', image)
    const internal = await listen('127.0.0.2', image)
    open.push(site, internal)
    let asked = 0
    // A rebinding resolver: public for the check, private for any later question.
    const fetch = guardedFetch({
      allowLocal: false,
      classify,
      resolve: async () => [{ address: asked++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }]
    })
    const ok = await fetch(`http://cdn.example:${site.port}/a.png`)
    expect(ok.status).toBe(200)
    expect(await ok.text()).toBe('png')
    expect(site.hosts).toEqual([`cdn.example:${site.port}`])
    await blocked(fetch(`http://127.0.0.2:${internal.port}/a.png`))
    await blocked(fetch(`http://[::ffff:127.0.0.2]:${internal.port}/a.png`))
    expect(internal.connections()).toBe(0)
  })

  it('checks every redirect hop fetchMedia follows', async () => {
    const internal = await listen('127.0.0.2', image)
    const site = await listen('127.0.0.1', (_url, res) => {
      res.writeHead(302, { Location: `http://intranet.example:${internal.port}/x.png` }).end()
    })
    open.push(site, internal)
    const fetch = guardedFetch({
      allowLocal: false,
      classify,
      resolve: async (name) => [
        { address: name === 'intranet.example' ? '127.0.0.2' : '127.0.0.1', family: 4 }
      ]
    })
    await blocked(fetchMedia(`http://cdn.example:${site.port}/a.png`, { fetch }))
    expect(site.hosts.length).toBe(1)
    expect(internal.connections()).toBe(0)
  })

  it('reaches local addresses when the marketplace is local itself', async () => {
    const internal = await listen('127.0.0.2', image)
    open.push(internal)
    const fetch = guardedFetch({
      allowLocal: true,
      classify,
      resolve: async () => [{ address: '127.0.0.2', family: 4 }]
    })
    const res = await fetchMedia(`http://dev-shop.example:${internal.port}/a.png`, { fetch })
    expect(res.status).toBe(200)
    expect(new TextDecoder().decode(await res.bytes())).toBe('png')
  })
})
