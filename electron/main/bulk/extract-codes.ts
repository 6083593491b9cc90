/** At most this many codes per bulk job: more is a paste mistake, and hours of pacing. */
export const MAX_BULK_CODES = 2_000

const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g
// Dash-grouped tokens: UUIDs (36 chars) and the docs' 35-character example alike.
const GROUPED = /(?<![0-9a-z-])[0-9a-z]+(?:-[0-9a-z]+){3,}(?![0-9a-z-])/gi
const QUOTES =
  /^["'`\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u00ab\u00bb]+|["'`\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u00ab\u00bb]+$/g
const LONE_TOKEN = /^[0-9a-z_-]{8,100}$/i

/**
 * Every purchase code in pasted text: an e-mail, a CSV export, a chat log or one code a
 * line. Dash-grouped codes (UUIDs, docs-style) are found anywhere in a line; a line that
 * holds nothing but one code-like token counts as a code too (other
 * formats a site may use). Trimmed, unquoted, lower-cased, duplicates merged, in the
 * order first seen.
 */
export function extractCodes(text: string): string[] {
  const seen = new Set<string>()
  const add = (raw: string): void => {
    const code = raw.toLowerCase()
    if (!seen.has(code) && seen.size < MAX_BULK_CODES) seen.add(code)
  }
  for (const rawLine of text.replace(INVISIBLE, '').split(/\r\n|\r|\n/)) {
    const line = rawLine.trim()
    if (line === '') continue
    let found = false
    for (const m of line.matchAll(GROUPED)) {
      if (m[0].length < 30 || m[0].length > 40) continue
      add(m[0])
      found = true
    }
    if (found) continue
    const lone = line
      .replace(/[,;]+$/, '')
      .trim()
      .replace(QUOTES, '')
      .trim()
    // A digit and a letter (or a long token): "2024-05-01" or "Thanks" alone is not a code.
    if (LONE_TOKEN.test(lone) && /\d/.test(lone) && (/[a-z]/i.test(lone) || lone.length >= 16))
      add(lone)
  }
  return [...seen]
}
