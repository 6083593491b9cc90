import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { inspect } from 'node:util'
import { expect } from 'vitest'
import { MarketplaceError } from '../../electron/main/marketplace/errors'

export interface Received {
  method: string
  url: URL
  headers: IncomingMessage['headers']
  body: string
}

export interface Fixture {
  url: string
  origin: string
  requests: Received[]
  close(): Promise<void>
}

type Handler = (req: Received, res: ServerResponse) => void

/** A throwaway HTTP server on 127.0.0.1 that records every request it gets. */
export async function startFixture(handler: Handler): Promise<Fixture> {
  const requests: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const received: Received = {
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://fixture'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8')
      }
      requests.push(received)
      handler(received, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    url: origin,
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

export function html(
  res: ServerResponse,
  status: number,
  headers: Record<string, string> = {}
): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=UTF-8', ...headers })
  res.end('<!DOCTYPE html><html><head><title>Shop</title></head><body>Welcome</body></html>')
}

/** A port that was just free: nothing listens there, so a connection is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

export const KEY = 'f'.repeat(16) + '0123456789abcdef'.repeat(3)

export const ITEM = {
  id: 42,
  name: 'Dashboard Kit',
  description: '<p>Admin</p>',
  category: 'Templates',
  sub_category: 'Admin',
  options: { Layout: 'Responsive' },
  version: '2.4.1',
  demo_link: 'https://demo.example/kit',
  tags: 'admin,dashboard, dark mode',
  media: {
    thumbnail: 'https://cdn.example/t.png',
    preview_image: 'https://cdn.example/p.png',
    screenshots: { '0': 'https://cdn.example/s0.png' }
  },
  price: { regular: 21.099999999999998, extended: '120' },
  currency: 'USD',
  published_at: '2024-03-02T14:05:51.000000Z'
}

export const ACCOUNT = {
  name: { firstname: 'Ada', lastname: 'Lovelace', full_name: 'Ada Lovelace' },
  username: 'ada',
  email: 'ada@example.com',
  balance: -12.5,
  currency: 'USD',
  profile: {
    heading: null,
    description: null,
    contact: { email: null },
    social_links: { x: 'ada', facebook: null },
    media: { avatar: 'https://cdn.example/a.png', cover: 'https://cdn.example/c.png' }
  },
  registered_at: '2024-03-02T14:05:51.000000Z'
}

export const PURCHASE = {
  purchase_code: '3f2a9c1e-8b7d-4e6f-a5b4-c3d2e1f0a9b8',
  license_type: 'Regular',
  price: 21.1,
  currency: 'USD',
  item: ITEM,
  supported_until: '2030-01-01T00:00:00.000000Z',
  downloaded: true,
  date: '2024-03-02T14:05:51.000000Z'
}

/**
 * The error a promise rejects with, checked to be a MarketplaceError that holds none of
 * `keys` anywhere: message, properties, JSON form or cause.
 */
export async function failure(
  p: Promise<unknown>,
  keys: readonly string[] = [KEY]
): Promise<MarketplaceError> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(MarketplaceError)
    for (const key of keys) {
      expect(inspect(e, { depth: 10, showHidden: true })).not.toContain(key)
      expect(JSON.stringify(e)).not.toContain(key)
      expect(String(e)).not.toContain(key)
      expect(inspect((e as { cause?: unknown }).cause, { depth: 10 })).not.toContain(key)
    }
    return e as MarketplaceError
  }
  throw new Error('expected a failure')
}
