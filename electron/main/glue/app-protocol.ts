import { readFile } from 'node:fs/promises'
import { protocol, type CustomScheme } from 'electron'
import { findRendererFile } from '../renderer-files'
import { APP_HOST, APP_SCHEME } from './app-url'
import { cspHeader } from '../csp'

// Why not file://: a file:// page gets privileges beyond a browser's (the
// GrantFileProtocolExtraPrivileges fuse is off at packaging), and webRequest never sees
// file:// answers, so the CSP header (with `frame-ancestors 'none'`, which a meta tag cannot
// carry) could not be added. Answers from this handler carry the header themselves.

/**
 * `standard` gives the page a real origin (relative URLs, web storage, 'self' in the CSP);
 * `secure` makes it a secure context like https, so sd-media: (also secure) loads without
 * mixed-content rules; `supportFetchAPI` lets module scripts and fetch() load its own files.
 * No CORS, service-worker or CSP-bypass privileges: nothing needs them.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true }
}

/** Serves the files of `rendererDir` (out/renderer) under app://seller-desk/. Call once ready. */
export function handleAppProtocol(rendererDir: string): void {
  const policy = cspHeader(false)
  protocol.handle(APP_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } })
    }
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      return notFound()
    }
    if (url.host.toLowerCase() !== APP_HOST) return notFound()
    const file = await findRendererFile(rendererDir, url.pathname)
    if (!file) return notFound()
    const headers: Record<string, string> = {
      'content-type': file.contentType,
      'x-content-type-options': 'nosniff'
    }
    if (file.isHtml) headers['content-security-policy'] = policy
    if (request.method === 'HEAD') return new Response(null, { status: 200, headers })
    try {
      const body = await readFile(file.path)
      headers['content-length'] = String(body.byteLength)
      return new Response(body, { status: 200, headers })
    } catch {
      return notFound()
    }
  })
}

function notFound(): Response {
  return new Response(null, { status: 404 })
}
