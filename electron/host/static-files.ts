import { createReadStream } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm'
}

/**
 * The file under `root` a URL path names, or null when it would leave `root` (encoded
 * dots, backslashes, NUL bytes) or cannot be decoded.
 */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '')
  const segments = relative.split('/')
  if (segments.some((s) => s === '..' || s === '.')) return null
  const full = normalize(join(root, relative))
  const base = normalize(root.endsWith(sep) ? root : root + sep)
  return full.startsWith(base) ? full : null
}

/**
 * The file with every link resolved, when it still lies inside the renderer folder (also
 * resolved): a link placed in the folder must not serve whatever it points at.
 */
async function insideRoot(root: string, file: string | null): Promise<string | null> {
  if (file === null) return null
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)])
    const base = realRoot.endsWith(sep) ? realRoot : realRoot + sep
    return realFile.startsWith(base) ? realFile : null
  } catch {
    return null
  }
}

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
}

/** Serves the built renderer. Answers 404 for anything that is not a regular file. */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  urlPath: string,
  csp: string
): Promise<void> {
  const named = resolveStaticPath(root, urlPath)
  const file = await insideRoot(root, named)
  const info = file ? await stat(file).catch(() => null) : null
  if (!file || !info || !info.isFile()) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found')
    return
  }
  const isIndex = named === join(root, 'index.html')
  // Vite names every asset by its content hash, so they never change under one name.
  const cacheControl =
    isIndex || !urlPath.startsWith('/assets/') ? 'no-store' : 'public, max-age=31536000, immutable'
  res.writeHead(200, {
    'Content-Type': contentTypeOf(file),
    'Content-Length': String(info.size),
    'Cache-Control': cacheControl,
    'Content-Security-Policy': csp
  })
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  const stream = createReadStream(file)
  stream.on('error', () => res.destroy())
  stream.pipe(res)
}
