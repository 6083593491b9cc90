import { mkdtemp, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchHost, type RunningHost } from '../../electron/host/launch'
import { defaultRendererDir } from '../../electron/host/paths'
import { startHostServer, type HostServer } from '../../electron/host/server'
import type { MediaAnswer, MediaService } from '../../electron/main/media/types'
import { mediaHttpPath } from '../../shared/media-url'
import { rawRequest } from '../support/harness-http'

// The /media route over real HTTP. The media service behind it is a recording stand-in:
// this pins down what the route passes through (URL, Range, abort), not the cache.

const BYTES = Uint8Array.from({ length: 1000 }, (_, i) => i % 256)

interface Call {
  remoteUrl: string
  range: string | undefined
  signal: AbortSignal | undefined
}

function recordingMedia(calls: Call[]): MediaService {
  return {
    async serve(remoteUrl, options = {}): Promise<MediaAnswer> {
      calls.push({ remoteUrl, range: options.range, signal: options.signal })
      if (new URL(remoteUrl).pathname.endsWith('/whole.png')) {
        return {
          status: 200,
          headers: { 'content-type': 'image/png', 'content-length': '1000' },
          body: BYTES
        }
      }
      if (remoteUrl.endsWith('/never-ends.mp4')) {
        // Sends one chunk, then waits for more that never comes until the client leaves.
        return {
          status: 200,
          headers: { 'content-type': 'video/mp4' },
          body: new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(BYTES.slice(0, 10)) })
        }
      }
      const match = /^bytes=(\d+)-(\d+)$/.exec(options.range ?? '')
      const [start, end] = match ? [Number(match[1]), Number(match[2])] : [0, 999]
      return {
        status: match ? 206 : 200,
        headers: {
          'content-type': 'video/mp4',
          'accept-ranges': 'bytes',
          'content-length': String(end - start + 1),
          ...(match ? { 'content-range': `bytes ${start}-${end}/1000` } : {})
        },
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(BYTES.slice(start, Math.min(end + 1, start + 100)))
            if (end + 1 > start + 100) controller.enqueue(BYTES.slice(start + 100, end + 1))
            controller.close()
          }
        })
      }
    }
  }
}

describe('the browser host /media route', () => {
  let host: RunningHost
  let server: HostServer
  let dataDir: string
  const calls: Call[] = []

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'seller-desk-media-'))
    host = await launchHost({ dataDir, port: 0 })
    server = await startHostServer({
      app: { handlers: host.app.handlers, media: recordingMedia(calls) },
      rendererDir: defaultRendererDir
    })
  })
  afterAll(async () => {
    await server?.close()
    await host?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const path = (remote: string): string => mediaHttpPath(remote, server.mediaToken)

  it('streams what the media service answers, with its headers and nosniff', async () => {
    const remote = 'https://market.example/media/whole.png?v=2&size=big'
    const answer = await rawRequest({ port: server.port, path: path(remote) })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('image/png')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(Buffer.from(answer.body, 'latin1')).toHaveLength(1000)
    expect(calls.at(-1)).toMatchObject({ remoteUrl: remote, range: undefined })
  })

  it('passes Range through and answers 206 with exactly those bytes', async () => {
    const remote = 'https://market.example/media/clip.mp4'
    const bytes = await new Promise<{ status: number; range: string | undefined; body: Buffer }>(
      (resolve, reject) => {
        request(
          {
            host: '127.0.0.1',
            port: server.port,
            path: path(remote),
            headers: { Range: 'bytes=50-349' },
            agent: false
          },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (c: Buffer) => chunks.push(c))
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                range: res.headers['content-range'],
                body: Buffer.concat(chunks)
              })
            )
          }
        )
          .on('error', reject)
          .end()
      }
    )
    expect(calls.at(-1)).toMatchObject({ remoteUrl: remote, range: 'bytes=50-349' })
    expect(bytes.status).toBe(206)
    expect(bytes.range).toBe('bytes 50-349/1000')
    expect([...bytes.body]).toEqual([...BYTES.slice(50, 350)])
  })

  it('aborts the media request when the page stops reading', async () => {
    const remote = 'https://market.example/media/never-ends.mp4'
    await new Promise<void>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: server.port, path: path(remote), agent: false },
        (res) => {
          res.once('data', () => {
            req.destroy()
            resolve()
          })
        }
      )
      req.on('error', (e) => (req.destroyed ? undefined : reject(e)))
      req.end()
    })
    const signal = calls.at(-1)?.signal
    expect(calls.at(-1)?.remoteUrl).toBe(remote)
    await expect.poll(() => signal?.aborted, { timeout: 5_000 }).toBe(true)
  })

  it('answers 404 when the app has no media service', async () => {
    const bare = await startHostServer({
      app: { handlers: host.app.handlers, media: null },
      rendererDir: defaultRendererDir
    })
    try {
      const answer = await rawRequest({
        port: bare.port,
        path: mediaHttpPath('https://m.example/a.png', bare.mediaToken)
      })
      expect(answer.status).toBe(404)
    } finally {
      await bare.close()
    }
  })
})
