import { promises as dns, type LookupAddress } from 'node:dns'
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { Readable } from 'node:stream'
import { addressClass, type ClassifyAddress } from './address-class'
import { MarketplaceError, messages } from './errors'
import type { FetchLike } from './http'

export interface AddressGuard {
  /**
   * Whether loopback, private and link-local addresses may be reached: only when the
   * marketplace that named the file is on one itself (a seller testing locally).
   */
  allowLocal: boolean
  /** Default addressClass; tests let a loopback address stand for a public site. */
  classify?: ClassifyAddress
  /** Default the system resolver (dns.lookup, every address). */
  resolve?: (hostname: string) => Promise<LookupAddress[]>
}

const NO_BODY = new Set([101, 103, 204, 205, 304])

/**
 * A fetch for media that connects only to addresses the guard allows, judged by the
 * address actually connected to: a name is resolved once, every address it gave is
 * checked, and the connection is made to those very addresses (no second lookup a
 * rebinding DNS server could answer differently). An IP written in the URL is checked as
 * it is. Refused before anything is sent. Redirects are not followed (fetchMedia follows
 * them by hand, and each hop comes back through here).
 */
export function guardedFetch(guard: AddressGuard): FetchLike {
  const classify = guard.classify ?? addressClass
  const resolve =
    guard.resolve ?? ((hostname: string) => dns.lookup(hostname, { all: true, verbatim: true }))
  const allowed = (ip: string): boolean => guard.allowLocal || classify(ip) === 'public'
  // Agents of their own: a kept-alive socket checked under one guard is never reused under another.
  const agents = {
    http: new HttpAgent({ keepAlive: true }),
    https: new HttpsAgent({ keepAlive: true })
  }

  const lookup: LookupFunction = (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.length === 0 || addresses.some((a) => !allowed(a.address))
        if (refused) {
          callback(refusal(hostname), '', 0)
          return
        }
        if (options.all) callback(null, addresses)
        else callback(null, addresses[0]!.address, addresses[0]!.family)
      },
      (e: NodeJS.ErrnoException) => callback(e, '', 0)
    )
  }

  return async (input, init = {}) => {
    const url = new URL(input)
    const host = url.hostname.replace(/^\[|\]$/g, '')
    if (isIP(host) !== 0 && !allowed(host)) throw refusal(url.host)
    const https = url.protocol === 'https:'
    const headers: Record<string, string> = {}
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value
    })
    const res = await new Promise<IncomingMessage>((resolveRes, reject) => {
      const req = (https ? httpsRequest : httpRequest)(url, {
        method: init.method ?? 'GET',
        headers,
        agent: https ? agents.https : agents.http,
        lookup,
        ...(init.signal ? { signal: init.signal } : {})
      })
      req.on('response', resolveRes)
      req.on('error', reject)
      req.end()
    })
    const status = res.statusCode ?? 0
    if (status < 200 || status > 599) {
      res.destroy()
      throw new MarketplaceError('bad-response', messages.cutOff(), { status })
    }
    const out = new Headers()
    for (const [name, value] of Object.entries(res.headers)) {
      if (Array.isArray(value)) for (const v of value) out.append(name, v)
      else if (value !== undefined) out.set(name, value)
    }
    const empty = NO_BODY.has(status) || init.method === 'HEAD'
    if (empty) res.resume()
    const body = empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>)
    return new Response(body, { status, statusText: res.statusMessage ?? '', headers: out })
  }
}

function refusal(host: string): MarketplaceError {
  return new MarketplaceError('blocked', messages.localAddress(host))
}
