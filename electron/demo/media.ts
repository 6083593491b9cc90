import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import type { IncomingHttpHeaders } from 'node:http'
import { join } from 'node:path'
import type { Reply } from './reply'

/**
 * Media under /media/: every item has its own URLs, mapped onto a handful of real files
 * (so a catalogue looks varied while the folder stays small). Serves ETag and
 * Last-Modified with conditional requests, and single byte ranges (206/416) so video and
 * audio can seek.
 */

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg'
}

const ROUTES: { pattern: RegExp; file: (m: RegExpExecArray) => string }[] = [
  {
    pattern: /^\/media\/thumbs\/(\d{1,9})\.jpg$/,
    file: (m) => `thumbs/${(Number(m[1]) * 5) % 12}.jpg`
  },
  // The preview shares its thumbnail's palette, as a real item's images would.
  {
    pattern: /^\/media\/previews\/(\d{1,9})\.jpg$/,
    file: (m) => `previews/${(Number(m[1]) * 5) % 12}.jpg`
  },
  {
    pattern: /^\/media\/screens\/(\d{1,9})-(\d{1,3})\.jpg$/,
    file: (m) => `screens/${(Number(m[1]) + Number(m[2])) % 6}.jpg`
  },
  { pattern: /^\/media\/video\/(\d{1,9})\.webm$/, file: (m) => `video/${Number(m[1]) % 2}.webm` },
  { pattern: /^\/media\/audio\/(\d{1,9})\.mp3$/, file: (m) => `audio/${Number(m[1]) % 2}.mp3` },
  {
    pattern: /^\/media\/profile\/(avatar|cover|default-avatar|default-cover)\.jpg$/,
    file: (m) => `profile/${m[1]}.jpg`
  }
]

/** The file (relative to the media folder) a media path maps to, or null. */
export function mediaFileOf(pathname: string): string | null {
  for (const route of ROUTES) {
    const m = route.pattern.exec(pathname)
    if (m) return route.file(m)
  }
  return null
}

interface Loaded {
  data: Buffer
  type: string
  etag: string
  lastModified: string
  mtimeSeconds: number
}

type Range = { start: number; end: number } | 'unsatisfiable' | null

/** One `bytes=` range; anything else (several ranges, other units, nonsense) is ignored. */
function parseRange(header: string, size: number): Range {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return null
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(m[1])
  const last = m[2] === '' ? size - 1 : Number(m[2])
  if (m[2] !== '' && last < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end: Math.min(last, size - 1) }
}

function notFound(): Reply {
  return {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    body: 'Not found'
  }
}

export interface MediaStore {
  reply(method: string, pathname: string, headers: IncomingHttpHeaders): Promise<Reply>
}

export function createMediaStore(dir: string): MediaStore {
  const cache = new Map<string, Promise<Loaded | null>>()

  const load = (file: string): Promise<Loaded | null> => {
    let pending = cache.get(file)
    if (!pending) {
      const path = join(dir, file)
      const ext = file.slice(file.lastIndexOf('.'))
      pending = Promise.all([readFile(path), stat(path)]).then(
        ([data, info]) => ({
          data,
          type: TYPES[ext] ?? 'application/octet-stream',
          etag: `"${createHash('sha1').update(data).digest('hex').slice(0, 20)}"`,
          lastModified: new Date(info.mtimeMs).toUTCString(),
          mtimeSeconds: Math.floor(info.mtimeMs / 1000)
        }),
        () => null
      )
      cache.set(file, pending)
    }
    return pending
  }

  return {
    async reply(method, pathname, headers) {
      if (method !== 'GET' && method !== 'HEAD') {
        return {
          status: 405,
          headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
          body: 'Method not allowed'
        }
      }
      const file = mediaFileOf(pathname)
      const loaded = file ? await load(file) : null
      if (!loaded) return notFound()
      const size = loaded.data.length
      const base = {
        'Content-Type': loaded.type,
        ETag: loaded.etag,
        'Last-Modified': loaded.lastModified,
        'Accept-Ranges': 'bytes',
        'Cache-Control': 'public, max-age=86400'
      }

      const ifNoneMatch = headers['if-none-match']
      if (ifNoneMatch !== undefined) {
        const tags = ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''))
        if (tags.includes('*') || tags.includes(loaded.etag))
          return { status: 304, headers: base, body: '' }
      } else if (headers['if-modified-since'] !== undefined) {
        const since = Date.parse(headers['if-modified-since'])
        if (!Number.isNaN(since) && Math.floor(since / 1000) >= loaded.mtimeSeconds)
          return { status: 304, headers: base, body: '' }
      }

      const rangeHeader = headers.range
      const ifRange = headers['if-range']
      const rangeApplies =
        rangeHeader !== undefined &&
        (ifRange === undefined || ifRange === loaded.etag || ifRange === loaded.lastModified)
      if (rangeApplies) {
        const range = parseRange(rangeHeader, size)
        if (range === 'unsatisfiable') {
          return { status: 416, headers: { ...base, 'Content-Range': `bytes */${size}` }, body: '' }
        }
        if (range) {
          return {
            status: 206,
            headers: { ...base, 'Content-Range': `bytes ${range.start}-${range.end}/${size}` },
            body: loaded.data.subarray(range.start, range.end + 1)
          }
        }
      }
      return { status: 200, headers: base, body: loaded.data }
    }
  }
}
