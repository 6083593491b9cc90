import { createReadStream } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { findRendererFile } from '../main/renderer-files'

/**
 * Serves the built renderer, with the desktop app's own path rules (main/renderer-files.ts:
 * inside the folder as written and once links are resolved). 404 for anything else.
 */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  urlPath: string,
  csp: string
): Promise<void> {
  const file = await findRendererFile(root, urlPath)
  if (!file) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found')
    return
  }
  // Vite names every asset by its content hash, so they never change under one name.
  const cacheControl =
    file.isHtml || !urlPath.startsWith('/assets/')
      ? 'no-store'
      : 'public, max-age=31536000, immutable'
  res.writeHead(200, {
    'Content-Type': file.contentType,
    'Content-Length': String(file.size),
    'Cache-Control': cacheControl,
    'Content-Security-Policy': csp
  })
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  const stream = createReadStream(file.path)
  stream.on('error', () => res.destroy())
  stream.pipe(res)
}
