/** A satisfiable single byte range, inclusive on both ends as HTTP writes it. */
export interface ByteRange {
  start: number
  end: number
}

/**
 * Reads a Range header against a known size. Only one `bytes=` range is honoured; a
 * header this does not understand, or several ranges, is ignored (RFC 9110 lets a server
 * answer 200 with the whole body), so `null` means "send everything".
 */
export function parseRange(
  header: string | undefined | null,
  size: number
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  if (!m) return null
  const [, from = '', to = ''] = m
  if (from === '' && to === '') return null
  if (from === '') {
    const suffix = Number(to)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(from)
  if (start >= size) return 'unsatisfiable'
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  if (end < start) return null
  return { start, end }
}
