/**
 * The media type of a cached file from its first bytes, for rebuilding a damaged media
 * index from the files themselves. Only the types the cache accepts (image, video,
 * audio); null for anything else, which is then fetched again rather than guessed.
 */
export function sniffMediaType(head: Uint8Array): string | null {
  const b = (i: number): number => head[i] ?? -1
  const ascii = (from: number, text: string): boolean =>
    [...text].every((ch, i) => b(from + i) === ch.charCodeAt(0))
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'image/jpeg'
  if (b(0) === 0x89 && ascii(1, 'PNG')) return 'image/png'
  if (ascii(0, 'GIF8')) return 'image/gif'
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp'
  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return 'audio/wav'
  if (ascii(4, 'ftypavif')) return 'image/avif'
  if (ascii(4, 'ftyp')) return ascii(8, 'M4A') ? 'audio/mp4' : 'video/mp4'
  if (b(0) === 0x1a && b(1) === 0x45 && b(2) === 0xdf && b(3) === 0xa3) return 'video/webm'
  if (ascii(0, 'OggS')) return 'audio/ogg'
  if (ascii(0, 'fLaC')) return 'audio/flac'
  if (ascii(0, 'ID3') || (b(0) === 0xff && (b(1) & 0xe0) === 0xe0)) return 'audio/mpeg'
  if (ascii(0, 'BM')) return 'image/bmp'
  if (b(0) === 0 && b(1) === 0 && b(2) === 1 && b(3) === 0) return 'image/x-icon'
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, 1024))
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/i.test(text))
    return 'image/svg+xml'
  return null
}
