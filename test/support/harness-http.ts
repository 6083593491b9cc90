import { request } from 'node:http'

export interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

export interface RawRequest {
  port: number
  method?: string
  path: string
  /** Sent as is, so a test can lie about Host. Defaults to 127.0.0.1:PORT. */
  headers?: Record<string, string>
  body?: string | Buffer
}

/**
 * A request with full control of every header (fetch would not let us set Host or
 * Origin), to 127.0.0.1 on the host's port.
 */
export function rawRequest(r: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: r.port,
        method: r.method ?? 'GET',
        path: r.path,
        headers: { Host: `127.0.0.1:${r.port}`, ...r.headers },
        agent: false
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8')
          })
        )
        res.on('error', reject)
      }
    )
    req.on('error', reject)
    req.end(r.body)
  })
}

/** A POST to /rpc/<method> the way the page sends it; override any part to test refusals. */
export function rpcRequest(
  port: number,
  method: string,
  token: string | null,
  body: unknown,
  headers: Record<string, string> = {}
): Promise<RawAnswer> {
  return rawRequest({
    port,
    method: 'POST',
    path: `/rpc/${method}`,
    headers: {
      'Content-Type': 'application/json',
      ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      ...headers
    },
    body: body === undefined ? '' : JSON.stringify(body)
  })
}
