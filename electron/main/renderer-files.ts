import { realpath, stat } from 'node:fs/promises'
import { extname, isAbsolute, relative, resolve, sep } from 'node:path'

const CONTENT_TYPES: Readonly<Record<string, string>> = {
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

export interface RendererFile {
  /** The real path on disk, links resolved. */
  path: string
  contentType: string
  size: number
  isHtml: boolean
}

/** True when `child` is `parent` itself or lies below it (both already absolute). */
function within(parent: string, child: string): boolean {
  const rel = relative(parent, child)
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))
}

/**
 * The built renderer's file a URL path names, or null. The path must stay inside `root`
 * twice over: as written (no `..`, encoded or not, no backslash or NUL) and once every link
 * is resolved (a link inside the folder pointing out of it is refused), and it must be a
 * regular file. `/` is index.html. Every refusal is the same null, so an answer tells a
 * page nothing about the disk outside the folder.
 */
export async function findRendererFile(
  root: string,
  urlPath: string
): Promise<RendererFile | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const wanted = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '')
  if (wanted.split('/').some((s) => s === '..' || s === '.')) return null
  const base = resolve(root)
  const full = resolve(base, wanted)
  if (full === base || !within(base, full)) return null
  try {
    const [realBase, realFull] = await Promise.all([realpath(base), realpath(full)])
    if (realFull === realBase || !within(realBase, realFull)) return null
    const info = await stat(realFull)
    if (!info.isFile()) return null
    const ext = extname(realFull).toLowerCase()
    return {
      path: realFull,
      contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
      size: info.size,
      isHtml: ext === '.html'
    }
  } catch {
    return null
  }
}
