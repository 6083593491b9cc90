/**
 * The floor measure's server: plain node:http, no framework, no app code, so it also runs
 * as a dependency-free child (bench/measures/floor-server-child.ts). It serves the pages it
 * is handed and two tiny JSON answers: a search over the floor's names and a purchase check.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FloorFile {
  type: string
  body: string | Uint8Array
}

export interface FloorServer {
  url: string
  close(): Promise<void>
}

const ADJECTIVES = ['amber', 'bold', 'calm', 'dusty', 'eager', 'fuzzy', 'gentle', 'hollow']
const NOUNS = ['anchor', 'beacon', 'canyon', 'dune', 'ember', 'forest', 'harbor', 'island']

/** 10,000 short, distinct item names, as a catalogue's would be: "amber beacon 42". */
export function floorNames(count = 10_000): string[] {
  return Array.from(
    { length: count },
    (_, i) => `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[(i >> 3) % NOUNS.length]} ${i}`
  )
}

export interface SearchAnswer {
  count: number
  first: string | null
}

/** Case-insensitive substring search, the page's and the server's alike. */
export function searchNames(names: readonly string[], query: string): SearchAnswer {
  const q = query.toLowerCase()
  let count = 0
  let first: string | null = null
  for (const name of names) {
    if (!name.includes(q)) continue
    if (first === null) first = name
    count++
  }
  return { count, first }
}

/** The purchase check's answer by code, so different codes show different verdicts. */
function checkCode(code: string): { status: string } {
  return { status: code.startsWith('valid') ? 'valid' : 'invalid' }
}

function readBody(req: import('node:http').IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** Listens on 127.0.0.1 at a free port. `files` maps a path ("/", "/search") to its body. */
export function startFloorServer(files: ReadonlyMap<string, FloorFile>): Promise<FloorServer> {
  // Made on the first search, so the P6 child's start does no more than listen.
  let names: string[] | null = null
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://floor')
    const json = (value: unknown): void => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
      res.end(JSON.stringify(value))
    }
    if (req.method === 'GET' && url.pathname === '/api/search')
      return json(searchNames((names ??= floorNames()), url.searchParams.get('q') ?? ''))
    if (req.method === 'POST' && url.pathname === '/api/check') {
      readBody(req).then(
        (body) => json(checkCode(new URLSearchParams(body).get('purchase_code') ?? '')),
        () => res.destroy()
      )
      return
    }
    const file = req.method === 'GET' ? files.get(url.pathname) : undefined
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain' })
      return res.end('not found')
    }
    res.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'no-store' })
    res.end(file.body)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections()
            server.close(() => done())
          })
      })
    })
  })
}
