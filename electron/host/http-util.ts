import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ErrorKind, Result } from '../../shared/errors'

const MAX_BODY_BYTES = 1024 * 1024

export class BodyTooLarge extends Error {}

/** Reads the whole body, refusing more than `limit` bytes without buffering them. */
export function readBody(req: IncomingMessage, limit: number = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'])
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLarge())
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        reject(new BodyTooLarge())
        req.pause()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    ...headers
  })
  res.end(text)
}

/** A refusal in the same Result shape every other answer has, so the page can show it. */
export function sendRefusal(
  res: ServerResponse,
  status: number,
  kind: ErrorKind,
  message: string,
  headers?: Record<string, string>
): void {
  const body: Result<never> = { ok: false, error: { kind, message } }
  sendJson(res, status, body, headers)
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {}
): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers
  })
  res.end(text)
}
