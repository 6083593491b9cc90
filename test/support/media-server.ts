import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

interface MediaFile {
  type: string
  body: Uint8Array
}

export interface MediaTestServer {
  base: string
  files: Map<string, MediaFile>
  hits: Map<string, number>
  ranges: string[]
  maxConcurrent: number
  delayMs: number
  close(): Promise<void>
}

/** A tiny media host on 127.0.0.1 with Range support, counting requests per path. */
export async function startMediaServer(): Promise<MediaTestServer> {
  const files = new Map<string, MediaFile>()
  const hits = new Map<string, number>()
  const ranges: string[] = []
  const sockets = new Set<Socket>()
  let inFlight = 0
  const state = { maxConcurrent: 0, delayMs: 0 }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    hits.set(path, (hits.get(path) ?? 0) + 1)
    inFlight++
    state.maxConcurrent = Math.max(state.maxConcurrent, inFlight)
    try {
      if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs))
      const file = files.get(path)
      if (!file) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404</h1>')
        return
      }
      const range = req.headers.range
      if (range) ranges.push(range)
      const m = range ? /^bytes=(\d+)-(\d*)$/.exec(range) : null
      if (m) {
        const start = Number(m[1])
        const end = m[2]
          ? Math.min(Number(m[2]), file.body.byteLength - 1)
          : file.body.byteLength - 1
        res.writeHead(206, {
          'content-type': file.type,
          'content-length': String(end - start + 1),
          'content-range': `bytes ${start}-${end}/${file.body.byteLength}`,
          'accept-ranges': 'bytes'
        })
        res.end(Buffer.from(file.body.subarray(start, end + 1)))
        return
      }
      res.writeHead(200, {
        'content-type': file.type,
        'content-length': String(file.body.byteLength),
        'accept-ranges': 'bytes'
      })
      res.end(Buffer.from(file.body))
    } finally {
      inFlight--
    }
  }

  const server = createServer((req, res) => void handle(req, res))
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    files,
    hits,
    ranges,
    get maxConcurrent() {
      return state.maxConcurrent
    },
    set maxConcurrent(v: number) {
      state.maxConcurrent = v
    },
    get delayMs() {
      return state.delayMs
    },
    set delayMs(v: number) {
      state.delayMs = v
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      })
  }
}

export function bytesOf(size: number, seed: number): Uint8Array {
  const out = new Uint8Array(size)
  for (let i = 0; i < size; i++) out[i] = (i * 31 + seed * 7) & 0xff
  return out
}

export async function bodyBytes(
  body: Uint8Array | ReadableStream<Uint8Array> | null
): Promise<Uint8Array> {
  if (body === null) return new Uint8Array(0)
  if (body instanceof Uint8Array) return body
  return new Uint8Array(await new Response(body).arrayBuffer())
}
