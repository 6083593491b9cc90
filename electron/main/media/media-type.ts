/** What the media cache does with a file, by its type. */
export type MediaClass = 'image' | 'stream' | 'refused'

/** The content type without parameters, lower case ('' when none was sent). */
export function baseType(headers: Record<string, string>): string {
  return (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
}

/** Images are cached; video and audio stream through; anything else (HTML, scripts) is refused. */
export function classify(contentType: string): MediaClass {
  if (/^image\/[a-z0-9.+-]+$/.test(contentType)) return 'image'
  if (/^(video|audio)\/[a-z0-9.+-]+$/.test(contentType)) return 'stream'
  return 'refused'
}

export function safetyHeaders(contentType: string): Record<string, string> {
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff' }
  // An SVG opened on its own could run script: it gets no capabilities at all.
  if (contentType.includes('svg'))
    headers['content-security-policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
  return headers
}
