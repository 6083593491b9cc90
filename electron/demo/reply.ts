import type { ServerResponse } from 'node:http'
import { phpJson } from './php-json'

/** An answer built before it is written, so faults such as `truncate` can reshape it. */
export interface Reply {
  status: number
  headers: Record<string, string>
  body: string | Buffer
}

export function jsonReply(
  status: number,
  value: unknown,
  php: boolean,
  headers: Record<string, string> = {}
): Reply {
  return {
    status,
    headers: {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-cache, private',
      ...headers
    },
    body: php ? phpJson(value) : JSON.stringify(value)
  }
}

export function htmlReply(
  status: number,
  html: string,
  headers: Record<string, string> = {}
): Reply {
  return {
    status,
    headers: {
      'Content-Type': 'text/html; charset=UTF-8',
      'Cache-Control': 'no-cache, private',
      ...headers
    },
    body: html
  }
}

export function redirectReply(status: number, location: string): Reply {
  const escaped = location.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return htmlReply(
    status,
    `<!DOCTYPE html>\n<html><head><meta charset="UTF-8"><meta http-equiv="refresh" content="0;url='${escaped}'"><title>Redirecting to ${escaped}</title></head><body>Redirecting to <a href="${escaped}">${escaped}</a>.</body></html>`,
    { Location: location }
  )
}

export function writeReply(
  res: ServerResponse,
  reply: Reply,
  options: { headOnly?: boolean; truncate?: boolean } = {}
): void {
  let body = bodyOf(reply)
  // Half of a valid body, announced as complete: the client reads it all and cannot parse it.
  if (options.truncate) body = body.subarray(0, Math.floor(body.length / 2))
  writeHead(res, reply, body)
  res.end(options.headOnly || reply.status === 304 ? undefined : body)
}

/**
 * The same answer over a slow line: the head at once (Content-Length true), the body in
 * `pieces` spread over `ms`. Stops when the client goes away.
 */
export async function writeReplySlowly(
  res: ServerResponse,
  reply: Reply,
  slow: { ms: number; pieces: number; sleep(ms: number): Promise<void> }
): Promise<void> {
  const body = bodyOf(reply)
  writeHead(res, reply, body)
  res.flushHeaders()
  const size = Math.max(1, Math.ceil(body.length / slow.pieces))
  for (let at = 0; at < body.length; at += size) {
    if (res.destroyed) return
    res.write(body.subarray(at, at + size))
    await slow.sleep(slow.ms / slow.pieces)
  }
  if (!res.destroyed) res.end()
}

const bodyOf = (reply: Reply): Buffer =>
  typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body

function writeHead(res: ServerResponse, reply: Reply, body: Buffer): void {
  res.statusCode = reply.status
  for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value)
  if (reply.status !== 204 && reply.status !== 304)
    res.setHeader('Content-Length', String(body.length))
}

/** Laravel's `expectsJson()`: the most wanted Accept type is JSON, or an XHR that takes anything. */
export function wantsJson(accept: string | undefined, requestedWith: string | undefined): boolean {
  const types = (accept ?? '')
    .split(',')
    .map((part, index) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase())
      const q = params.find((p) => p.startsWith('q='))
      return { type, q: q ? Number(q.slice(2)) || 0 : 1, index }
    })
    .filter((t) => t.type !== '')
    .sort((a, b) => b.q - a.q || a.index - b.index)
  const first = types[0]?.type ?? ''
  if (first.includes('/json') || first.includes('+json')) return true
  return requestedWith === 'XMLHttpRequest' && (first === '' || first === '*/*' || first === '*')
}
