import { createReadStream, readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { findRendererFile } from '../main/renderer-files'

/**
 * Files up to this size are read in one synchronous read and sent in one write: the
 * page's scripts (the entry is 266 KB) then reach it without a trip to the I/O pool per
 * 64 KB piece, each waiting its turn while the browser loads the page on the same cores.
 */
export const WHOLE_FILE_BYTES = 1 << 20

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
  const head = (size: number): void => {
    res.writeHead(200, {
      'Content-Type': file.contentType,
      'Content-Length': String(size),
      'Cache-Control': cacheControl,
      'Content-Security-Policy': csp
    })
  }
  if (req.method === 'HEAD') {
    head(file.size)
    res.end()
    return
  }
  if (file.size <= WHOLE_FILE_BYTES) {
    let bytes: Buffer
    try {
      bytes = readFileSync(file.path)
    } catch {
      // Gone since it was found: as a stream that fails, the answer is cut off.
      res.destroy()
      return
    }
    head(bytes.byteLength)
    res.end(bytes)
    return
  }
  head(file.size)
  const stream = createReadStream(file.path)
  stream.on('error', () => res.destroy())
  stream.pipe(res)
}
