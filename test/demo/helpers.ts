import { request } from 'node:http'
import { afterEach } from 'vitest'
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../electron/demo'

/** What Seller Desk sends: a non-browser agent and a JSON Accept header (real-installs §1, 3). */
export const CLIENT_HEADERS = {
  'User-Agent': 'SellerDesk/0.1.0 (test)',
  Accept: 'application/json'
}

const running: DemoServer[] = []

/** A demo server closed after the current test. */
export async function demo(options: DemoServerOptions = {}): Promise<DemoServer> {
  const server = await startDemoServer(options)
  running.push(server)
  return server
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()))
})

export interface Answer {
  status: number
  headers: Headers
  text: string
  json: unknown
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text()
  let json: unknown = undefined
  try {
    json = JSON.parse(text)
  } catch {
    // Not JSON: the test looks at `text`.
  }
  return { status: res.status, headers: res.headers, text, json }
}

export async function get(
  server: DemoServer,
  path: string,
  query: Record<string, string> = {},
  headers: Record<string, string> = CLIENT_HEADERS
): Promise<Answer> {
  const url = new URL(server.baseUrl + path)
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
  return answer(await fetch(url, { headers, redirect: 'manual' }))
}

export async function postForm(
  server: DemoServer,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = CLIENT_HEADERS
): Promise<Answer> {
  return answer(
    await fetch(server.baseUrl + path, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual'
    })
  )
}

export async function sendJson(
  server: DemoServer,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = CLIENT_HEADERS
): Promise<Answer> {
  return answer(
    await fetch(server.baseUrl + path, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      redirect: 'manual'
    })
  )
}

/** node:http, for what fetch refuses to send (a GET with a body). */
export function rawRequest(
  server: DemoServer,
  method: string,
  path: string,
  headers: Record<string, string>,
  body = ''
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      server.baseUrl + path,
      { method, headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          const h = new Headers()
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v)
          let json: unknown = undefined
          try {
            json = JSON.parse(text)
          } catch {
            // Not JSON.
          }
          resolve({ status: res.statusCode ?? 0, headers: h, text, json })
        })
      }
    )
    req.on('error', reject)
    req.end(body)
  })
}
