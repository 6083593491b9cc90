/** ASCII-only lower-casing: keeps every index where it was (toLowerCase may not, e.g. 'İ'). */
const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase())

/**
 * The spellings a key takes on its way back from a server, case-folded: as sent,
 * URL-encoded (a query string, a path), form-encoded (a POST body: space as `+`), with
 * JSON's escaped slash, and in base64 (standard and URL-safe). HTML entities, `\uXXXX`
 * escapes, invisible characters and tags between letters are undone while reading the
 * text (scrub.ts), so they need no spelling of their own.
 */
export function keySpellings(apiKey: string): string[] {
  const url = encodeURIComponent(apiKey)
  const form = new URLSearchParams({ k: apiKey }).toString().slice(2)
  const json = apiKey.replace(/\//g, '\\/')
  return [...new Set([apiKey, url, form, json, ...base64Spellings(apiKey)].map(asciiLower))]
}

/**
 * The key inside base64 text starts at one of three byte offsets, and each gives other
 * letters: for each offset, the base64 letters that only the key's bytes decide.
 */
function base64Spellings(apiKey: string): string[] {
  const bytes = Buffer.from(apiKey, 'utf8')
  const out: string[] = []
  for (let offset = 0; offset < 3; offset++) {
    const padded = Buffer.concat([Buffer.alloc(offset), bytes])
    const text = padded.toString('base64')
    // Letter k holds bits [6k, 6k + 6): keep those wholly inside the key's bytes.
    const first = Math.ceil((8 * offset) / 6)
    const end = Math.floor((8 * (offset + bytes.length)) / 6)
    const letters = text.slice(first, end)
    out.push(letters, letters.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return out
}
